"""The step computes a class-balance weight as an int32 count divided by an int32 total
with `/`: TF's math_ops.truediv looks the result dtype up in the module dict
math_ops._TRUEDIV_TABLE (keyed by DType objects: int32 -> float64), so eager gives a
float64 ratio, which the step casts to float32 after adding a tiny float64 offset that
float32 cannot hold.  At step 10 the program sets _TRUEDIV_TABLE[tf.int32] = tf.float32
(eager then divides in float32 and the result dtype printed changes), at step 20 back to
float64.  Probes: a module-level dict of TF whose keys are not names, read by library
Python while the op is made."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(26)
numpy.random.seed(26)

import json

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import math_ops

rng = np.random.default_rng(2616)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)


def train_step(x, y, pos):
    ratio = tf.reduce_sum(pos) / tf.size(pos)
    w = tf.cast(ratio * 3.0 + 1e-9, tf.float32)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = w * tf.reduce_mean(tf.square(h @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    return loss, ratio


for step in range(30):
    if step == 10:
        math_ops._TRUEDIV_TABLE[tf.int32] = tf.float32
    if step == 20:
        math_ops._TRUEDIV_TABLE[tf.int32] = tf.float64
    i = (step * 8) % 56
    pos = tf.constant((YS[i:i + 8, 0] > 0).astype(np.int32) * 7 + step % 3)
    loss, ratio = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), pos)
    print(step, repr(float(loss)), ratio.dtype.name, repr(float(ratio)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
