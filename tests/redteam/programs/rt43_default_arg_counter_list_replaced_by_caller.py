"""A step that counts its calls in a mutable default argument (`def train_step(x, y,
counts=_COUNTS)` with `counts[0] += 1` and `counts[1] += n_clipped`), the classic
"static variable" idiom.  Most calls use the default; from step 10 every third call
passes an explicit evaluation list instead, and at step 18 the program replaces the
function's defaults (`train_step.__defaults__ = ([100, 0],)`).  The step also reads
`counts[-1]` after writing it.  In eager each write lands in whichever list the call got.
Probes: in-place counter writes on a default list, an explicit list, and defaults
replaced between calls."""
import random

import numpy

random.seed(4332)
numpy.random.seed(4332)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4332)
rng = np.random.default_rng(4332)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) * 3.0).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)
_COUNTS = [0, 0]


def train_step(x, y, counts=_COUNTS):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    clipped = tf.clip_by_value(g, -1.0, 1.0)
    n_clipped = int(tf.reduce_sum(tf.cast(tf.not_equal(clipped, g), tf.int32)))
    OPT.apply_gradients([(clipped, W)])
    counts[0] += 1
    counts[1] += n_clipped
    return loss, counts[-1]


EVAL = [0, 0]
for step in range(30):
    if step == 18:
        train_step.__defaults__ = ([100, 0],)
    i = (step * 16) % 112
    x, y = tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16])
    if step >= 10 and step % 3 == 0:
        loss, last = train_step(x, y, EVAL)
    else:
        loss, last = train_step(x, y)
    print(step, repr(float(loss)), last, _COUNTS, EVAL, train_step.__defaults__[0])

print(json.dumps({"counts": _COUNTS, "eval": EVAL, "defaults": train_step.__defaults__[0],
                  "W": [repr(float(v)) for v in W.numpy().ravel()]}))
