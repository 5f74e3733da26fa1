"""The step quantises its Python learning-rate factor with the builtin `round(v, 3)`
and counts buckets with `len(...)`.  At step 12 the script monkeypatches
`builtins.round` with a function that rounds to 1 digit (a debugging hack some test
harnesses install), and at step 20 shadows `len` with a module-level function that
returns one less.  Eagerly the step's global lookups find the patched functions.
janus computes builtins itself; it must notice the builtins module and module
globals changing."""
import random

import numpy

random.seed(123)
numpy.random.seed(123)

import builtins
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4323)
rng = np.random.default_rng(4323)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + XS[:, 1:2]).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
ORIG_ROUND = builtins.round
BUCKETS = [0.1, 0.2, 0.3]


def coarse_round(v, nd=None):
    return ORIG_ROUND(v, 1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    factor = round(0.123456 + 0.01 * len(BUCKETS), 3)
    W.assign_sub(factor * tape.gradient(loss, W))
    return loss, factor


for step in range(30):
    if step == 12:
        builtins.round = coarse_round
    if step == 20:
        def len(obj):
            return builtins.len(obj) - 1
    i = (step * 8) % 88
    loss, factor = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(factor))

builtins.round = ORIG_ROUND
print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
