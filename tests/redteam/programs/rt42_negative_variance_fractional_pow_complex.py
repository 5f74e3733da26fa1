"""An adaptive LR helper estimates the loss's standard deviation from running Python
moments minus a noise floor: `var = m2 - m1 * m1 - NOISE_FLOOR` and `std = var ** 0.5`.  Once the loss settles `var`
turns negative, and in Python `negative_float ** 0.5` is a complex number, not NaN
(so is `(-x) ** 1.5`).  The helper then uses `abs(std)` (a float again) to scale the
LR, and stores `std` (complex or float).  From step 12 the loop feeds one fixed
batch so the variance collapses and `var` goes negative.
janus follows CPython for `**` of Python numbers the graph computes; a fractional
power of a negative float must give eager's complex."""
import random

import numpy

random.seed(71)
numpy.random.seed(71)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4271)
rng = np.random.default_rng(4271)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 2:3]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
NOISE_FLOOR = 1e-3


class Adaptive:
    def __init__(self):
        self.m1 = 0.0
        self.m2 = 0.0
        self.std = 0.0

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y))
        g = tape.gradient(loss, W)
        v = float(loss)
        self.m1 = 0.5 * self.m1 + 0.5 * v
        self.m2 = 0.5 * self.m2 + 0.5 * v * v
        var = self.m2 - self.m1 * self.m1 - NOISE_FLOOR
        std = var ** 0.5
        self.std = std
        scale = 1.0 / (1.0 + abs(std))
        W.assign_sub(0.05 * scale * g)
        return loss, std, scale


ad = Adaptive()
for step in range(30):
    i = (step * 8) % 88
    x = XS[i:i + 8] if step < 12 else XS[:8]
    y = YS[i:i + 8] if step < 12 else YS[:8]
    loss, std, scale = ad.step(tf.constant(x), tf.constant(y))
    print(step, repr(float(loss)), type(std).__name__, repr(std), repr(scale))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "std": repr(ad.std), "m1": repr(ad.m1), "m2": repr(ad.m2)}))
