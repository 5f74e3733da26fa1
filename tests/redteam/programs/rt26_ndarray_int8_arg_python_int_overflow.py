"""Each batch comes with an int8 ndarray of per-row bucket ids (an argument).  The step
shifts them by a global OFFSET with `ids + OFFSET` (numpy: an int8 array plus a Python
int stays int8, NEP 50) and turns the result into per-row weights.  OFFSET is 3 until
step 10, then 200: numpy 2 refuses a Python int out of int8's range with OverflowError
("Python integer 200 out of bounds for int8"), which the step catches and falls back to
int16 arithmetic.  From step 20 OFFSET is 100, in range, where int8 wraps silently.
Probes: numpy's result-dtype rules for ndarray arguments with Python ints."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(26)
numpy.random.seed(26)

import json

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(2620)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
IDS = rng.integers(0, 60, size=64).astype(np.int8)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OFFSET = 3


def train_step(x, y, ids):
    try:
        shifted = ids + OFFSET
        kind = "int8"
    except OverflowError:
        shifted = ids.astype(np.int16) + OFFSET
        kind = "int16"
    w = tf.cast(tf.reshape(shifted, [-1, 1]), tf.float32) / 100.0
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(w * tf.square(h @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    return loss, kind


for step in range(30):
    if step == 10:
        OFFSET = 200
    if step == 20:
        OFFSET = 100
    i = (step * 8) % 56
    loss, kind = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                            IDS[i:i + 8].copy())
    print(step, repr(float(loss)), kind)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
