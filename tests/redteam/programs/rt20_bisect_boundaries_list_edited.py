"""Probes `bisect` (a C function of the standard library) reading the program's lists
in the step: a piecewise learning-rate schedule `RATES[bisect_right(BOUNDS, step)]` and
a loss-bucket weight `BUCKET_W[bisect_left(LOSS_EDGES, lossf)]` with `lossf` the
step's loss.

Eager bisects the lists as they are at each call.  The loop edits them in place:
`BOUNDS.insert(1, 10)` at step 8, `BOUNDS[-1] = 40` at 16, `RATES[2] = 0.03` at 20,
`bisect.insort(BOUNDS, 30)` plus a new rate at 26, `LOSS_EDGES[0] = 0.05` at 30.

A conversion that runs `bisect` natively at build time on lists it does not guard item
by item keeps the first boundaries: the printed indices, rates, losses and weights
differ.
"""
import bisect
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2019)
random.seed(2019)
np.random.seed(2019)
rng = np.random.default_rng(2019)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)

BOUNDS = [5, 15, 25]
RATES = [0.05, 0.04, 0.02, 0.01, 0.005]
LOSS_EDGES = [0.2, 1.0, 3.0]
BUCKET_W = [0.5, 1.0, 1.5, 2.0]


def train_step(x, y, step):
    k = bisect.bisect_right(BOUNDS, step)
    lr = RATES[k]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    lossf = float(loss)
    j = bisect.bisect_left(LOSS_EDGES, lossf)
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(lr * BUCKET_W[j] * g)
    return loss, k, lr, j


for step in range(40):
    if step == 8:
        BOUNDS.insert(1, 10)
    if step == 16:
        BOUNDS[-1] = 40
    if step == 20:
        RATES[2] = 0.03
    if step == 26:
        bisect.insort(BOUNDS, 30)
        RATES.append(0.001)
    if step == 30:
        LOSS_EDGES[0] = 0.05
    i = (step * 8) % 56
    loss, k, lr, j = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, round(float(loss), 6), k, lr, j)

print(json.dumps({
    "bounds": BOUNDS,
    "rates": RATES,
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
}))
