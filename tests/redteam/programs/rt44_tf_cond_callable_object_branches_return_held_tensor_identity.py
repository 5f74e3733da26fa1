"""Distillation with a teacher picked per batch by tf.cond whose branches are callable
objects: `Source(tensor)` instances with `__call__` returning the tensor they hold (the
cached teacher logits of two checkpoints, made once before the loop).  The step asks
`tf.cond(agree > 0.5, FRESH, STALE)` and, eagerly, gets back the held tensor itself;
it counts which source it used with `soft is FRESH.t`, and the caller checks the same.
The first calls always pick FRESH; later the agreement drops on some batches.
Probes: identity of tensors returned by tf.cond branches that are callable objects (not
functions or lambdas), after the profiled calls all took one branch."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4408)
rng = np.random.default_rng(4408)
XS = rng.normal(size=(8, 5)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 3)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.3)


class Source:
    def __init__(self, t):
        self.t = t

    def __call__(self):
        return self.t


FRESH = Source(tf.constant(rng.normal(size=(8, 3)).astype(np.float32)))
STALE = Source(tf.constant(rng.normal(size=(8, 3)).astype(np.float32)))


class Counts:
    def __init__(self):
        self.fresh = 0
        self.stale = 0


CT = Counts()


def train_step(x, gate):
    soft = tf.cond(gate > 0.5, FRESH, STALE)
    if soft is FRESH.t:
        CT.fresh += 1
    else:
        CT.stale += 1
    with tf.GradientTape() as tape:
        logits = x @ W
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(tf.nn.softmax(soft), logits))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, soft


for step in range(30):
    gate = tf.constant(0.9 if step < 10 or step % 3 else 0.1)
    loss, soft = train_step(tf.constant(XS) * (1.0 + 0.01 * step), gate)
    print(step, repr(float(loss)), soft is FRESH.t, soft is STALE.t, CT.fresh, CT.stale)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "counts": [CT.fresh, CT.stale]}))
