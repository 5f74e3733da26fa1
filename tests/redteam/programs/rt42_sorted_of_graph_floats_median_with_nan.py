"""A median-of-three smoother over Python floats the graph computes, with NaN losses:
`sorted([v, self.best, 1.0])[1]` (Python's sort of floats with a NaN is order-dependent,
not an error).  Besides, best-loss tracking with Python's min/max: the step computes
`v = float(loss)` and keeps `self.best = min(self.best, v)` and `self.worst = max(v,
self.worst)`.  With NaN, Python's min/max depend on argument order (`min(1.0, nan)` is
1.0, `min(nan, 1.0)` is nan) and NaN then sticks or not; `v != v` detects it and a
counter counts NaN steps.  NaN batches (an inf feature making inf - inf) are injected
at steps 13, 17 and 23.  janus implements min/max of Python numbers the graph
computes; NaN ordering must be CPython's."""
import random

import numpy

random.seed(73)
numpy.random.seed(73)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4273)
rng = np.random.default_rng(4273)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)


class Tracker:
    def __init__(self):
        self.best = float("inf")
        self.worst = float("-inf")
        self.nans = 0
        self.hist = []

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y))
        g = tape.gradient(loss, W)
        v = float(loss)
        self.best = min(self.best, v)
        self.worst = max(v, self.worst)
        if v != v:
            self.nans += 1
        else:
            W.assign_sub(0.05 * g)
        self.hist.append(sorted([v, self.best, 1.0])[1])
        return loss


tr = Tracker()
for step in range(30):
    i = (step * 8) % 88
    x = XS[i:i + 8].copy()
    if step in (13, 17, 23):
        x[0, 0] = np.inf
        x[1, 0] = -np.inf
    loss = tr.step(tf.constant(x), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(tr.best), repr(tr.worst), tr.nans, repr(tr.hist[-1]))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "best": repr(tr.best), "worst": repr(tr.worst), "nans": tr.nans}))
