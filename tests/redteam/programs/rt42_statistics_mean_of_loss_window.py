"""Loss smoothing with the standard library: the step appends `float(loss)` to a window
list on the trainer and computes `statistics.fmean(window)` and
`statistics.mean(window)` (exact rational arithmetic, then rounded once) and
`statistics.median(window)`; plateau detection compares the smoothed values, and the
LR factor becomes 0.5 when `mean` rises.  From step 12 the window length (a trainer
attribute) changes from 5 to 3.  janus must compute stdlib statistics of Python floats
the graph computes as CPython does, or leave them to the interpreter."""
import random

import numpy

random.seed(161)
numpy.random.seed(161)

import json
import statistics

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4361)
rng = np.random.default_rng(4361)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.9 + rng.normal(size=(96, 1)) * 0.3).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))


class Smoother:
    def __init__(self):
        self.window = []
        self.size = 5
        self.prev = float("inf")
        self.factor = 1.0

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y))
        W.assign_sub(0.1 * self.factor * tape.gradient(loss, W))
        self.window.append(float(loss))
        if len(self.window) > self.size:
            self.window.pop(0)
        fm = statistics.fmean(self.window)
        m = statistics.mean(self.window)
        med = statistics.median(self.window)
        if m > self.prev:
            self.factor = 0.5
        self.prev = m
        return loss, fm, m, med


sm = Smoother()
for step in range(30):
    if step == 12:
        sm.size = 3
    i = (step * 8) % 88
    loss, fm, m, med = sm.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(fm), repr(m), repr(med), sm.factor)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "prev": repr(sm.prev)}))
