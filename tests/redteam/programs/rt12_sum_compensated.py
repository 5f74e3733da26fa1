"""Python 3.12+ `sum()` of floats uses compensated (Neumaier) summation, so it differs from
adding the items left to right in float64 (about half of all 20-float sums differ in the
last bits; sum([1e16, 1.0, -1e16]) is 1.0, not 0.0).  The step appends float(loss) to the
history list HIST and computes a moving average `sum(HIST[-N:]) / N` and a running total
`sum(x * x for x in HIST)` (a generator).  Step 10: the window N grows from 4 to 12.  Step 20:
the program appends a calibration pair 1e16, -1e16 to HIST from outside (still inside every
later window of 12 for a few steps).  Probes: the builtin sum over Python floats the graph
carries (graph adds vs. CPython's compensated loop)."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1232)
rng = np.random.default_rng(1232)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) + 0.3 * rng.normal(size=(64, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
HIST = [0.1, 0.2, 0.3]
N = 4
AVGS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.03 * g)
    HIST.append(float(loss))
    avg = sum(HIST[-N:]) / N
    energy = sum(v * v for v in HIST)
    AVGS.append(avg)
    return loss, avg, energy


for step in range(30):
    if step == 10:
        N = 12
    if step == 20:
        HIST.extend([1e16, -1e16])
    i = (step * 8) % 56
    loss, avg, energy = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(avg), repr(energy))

print(json.dumps({"avgs": [repr(a) for a in AVGS], "total": repr(sum(HIST)),
                  "W": [repr(float(v)) for v in W.numpy().ravel()]}))
