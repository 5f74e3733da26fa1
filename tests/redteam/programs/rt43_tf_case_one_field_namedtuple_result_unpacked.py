"""A curriculum loop whose heads return a one-field namedtuple `Pred(logits)` so that the
code reads `.logits` by name.  The step chooses the head with `tf.case(pairs,
default=...)`, strict=False by default.  Eager's tf.cond unpacks any one-item list *or
tuple* when strict is False, and a namedtuple is a tuple: eager hands back the bare
tensor, and the step's `res.logits if isinstance(res, Pred) else res` takes it; the step records
whether it got a Pred.  If a converted tf.case unpacked only plain lists and tuples, the
step would see the namedtuple.  The predicate changes sides at step 13.  Probes: tf.case
strict=False unpacking of a one-field namedtuple, branches closing over the step's
locals."""
import random

import numpy

random.seed(4306)
numpy.random.seed(4306)

import collections
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4306)
rng = np.random.default_rng(4306)
Pred = collections.namedtuple("Pred", ["logits"])
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, 0] > 0).astype(np.int32)
WA = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.3)
WB = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.1)
PHASE_SWITCH = 13
KINDS = []


def train_step(x, y, step_t):
    scale = 1.0 + 0.1 * tf.cast(step_t, tf.float32)
    with tf.GradientTape() as tape:
        res = tf.case([(step_t < PHASE_SWITCH, lambda: Pred(x @ WA * scale))],
                      default=lambda: Pred(x @ WB))
        got_pred = isinstance(res, Pred)
        logits = res.logits if got_pred else res
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, [WA, WB], unconnected_gradients=tf.UnconnectedGradients.ZERO)
    OPT.apply_gradients(zip(grads, [WA, WB]))
    KINDS.append(type(res).__name__)
    return loss, got_pred


for step in range(30):
    i = (step * 16) % 112
    loss, got_pred = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]), tf.constant(step))
    print(step, got_pred, repr(float(loss)))

print(json.dumps({
    "WA": [repr(float(v)) for v in WA.numpy().ravel()],
    "WB": [repr(float(v)) for v in WB.numpy().ravel()],
    "kinds": KINDS,
}))
