"""A feature-scaling holder implementing `__array__` (logging each conversion and
counting it), handed to TensorFlow inside the step: `x * holder` and
`tf.constant(holder)` make TF call the program's `__array__` from library code, and
`np.asarray(holder)` does so from numpy.  The holder's underlying ndarray is edited in
place by the loop on some steps, replaced on others, and the class's `__array__` is
monkeypatched mid-run to return a clipped copy.  Probes: a program special method that
TF and numpy call natively while converting an argument: the number of calls, and
whether each step sees the array's current contents."""
import random

import numpy

random.seed(4923)
numpy.random.seed(4923)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4923)
rng = np.random.default_rng(4923)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [0.5], [-1.0], [0.25]], np.float32)).astype(np.float32)

LOG = []


class Scales:
    conversions = 0

    def __init__(self, arr):
        self.arr = arr

    def __array__(self, dtype=None, copy=None):
        Scales.conversions += 1
        LOG.append(("array", float(self.arr.sum())))
        out = self.arr if dtype is None else self.arr.astype(dtype)
        return out.copy()


SCALES = Scales(np.ones((4,), np.float32))
W = tf.Variable(tf.zeros((4, 1)))


def train_step(x, y, scales):
    xs = x * scales
    bias_row = tf.constant(scales)
    host = np.asarray(scales)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xs @ W - y)) + 0.001 * tf.reduce_sum(bias_row)
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    return loss, float(host[0])


for step in range(28):
    if step == 6:
        SCALES.arr[1] = 0.5
    if step == 10:
        SCALES.arr = np.array([1.0, 1.0, 2.0, 0.5], np.float32)
    if step == 14:
        SCALES.arr *= 0.5
    if step == 18:
        def array_clipped(self, dtype=None, copy=None):
            Scales.conversions += 1
            LOG.append(("clipped", float(self.arr.sum())))
            return np.clip(self.arr, 0.6, 0.8).astype(dtype or np.float32)
        Scales.__array__ = array_clipped
    if step == 23:
        SCALES.arr[:] = 1.0
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, h0 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), SCALES)
    print(step, repr(float(loss)), repr(h0), Scales.conversions, LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "conv": Scales.conversions}))
