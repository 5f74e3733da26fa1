"""Quantisation-aware training bookkeeping with numpy integer scalars: the step
quantises activations to int8 and takes the peak as a numpy scalar
(`peak = tf.reduce_max(q).numpy()`, an np.int8), then checks the headroom with
`peak + HEAD` (HEAD a global `np.int8(100)`) under `np.seterr(over="raise")`, so an int8 overflow raises
FloatingPointError, which the step catches and counts (and then halves its
activation scale, a Python float).  Peaks grow past 27 once the scale rises at step
12.  janus treats `.numpy()` values as numpy values; integer scalar overflow and the
error it raises must be numpy's."""
import random

import numpy

random.seed(142)
numpy.random.seed(142)

import json

import keras
import numpy as np
import tensorflow as tf

np.seterr(over="raise")
keras.utils.set_random_seed(4342)
rng = np.random.default_rng(4342)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 2:3] * 1.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.5)
V = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
HEAD = np.int8(100)


class QAT:
    def __init__(self):
        self.scale = 5.0
        self.overflows = 0

    def step(self, x, y):
        with tf.GradientTape() as tape:
            h = tf.nn.relu(x @ W)
            loss = tf.reduce_mean(tf.square(h @ V - y))
        gw, gv = tape.gradient(loss, [W, V])
        W.assign_sub(0.05 * gw)
        V.assign_sub(0.05 * gv)
        q = tf.cast(tf.clip_by_value(tf.round(h * self.scale), -127, 127), tf.int8)
        peak = tf.reduce_max(q).numpy()
        try:
            room = peak + HEAD
        except FloatingPointError:
            self.overflows += 1
            self.scale = self.scale * 0.5
            room = None
        return loss, peak, room


qat = QAT()
for step in range(30):
    if step == 12:
        qat.scale = 40.0
    i = (step * 8) % 88
    loss, peak, room = qat.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(peak), repr(room), qat.overflows, repr(qat.scale))

print(json.dumps({"W": [repr(float(v)) for v in V.numpy().ravel()], "ovf": qat.overflows}))
