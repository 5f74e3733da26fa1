"""A per-step diagnostics record built with Python's sharing constructs: a grid made
as `[[0.0] * 3] * ROWS` (every row is one list), a `dict.fromkeys(names, [])` whose
values are one shared list, and `[value] * 3` of a float the graph computes (three
references to one float).  The step writes one cell and appends to one bucket, so in
eager every row and every bucket shows the write, and the record is appended to a
history.  At step 10 the loop raises ROWS from 2 to 3.  Probes: lists the step makes
and stores, whose items alias each other (and one float object repeated), rebuilt at
commit: their sharing and the identity of repeated items must be eager's."""
import random

import numpy

random.seed(4502)
numpy.random.seed(4502)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4502)
rng = np.random.default_rng(4502)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.7 - XS[:, 1:2] * 0.3).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
ROWS = 2
HISTORY = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = MODEL(x, training=True) - y
        first = tf.reduce_mean(tf.square(err[:4]))
        second = tf.reduce_mean(tf.square(err[4:]))
        loss = 0.5 * (first + second)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    a = float(first)
    b = float(second)
    grid = [[0.0] * 3] * ROWS
    grid[0][1] = a
    buckets = dict.fromkeys(("low", "high"), [])
    if a < b:
        buckets["low"].append(a)
    else:
        buckets["high"].append(b)
    triple = [a + b] * 3
    record = {"grid": grid, "buckets": buckets, "triple": triple}
    HISTORY.append(record)
    return loss


for step in range(24):
    if step == 10:
        ROWS = 3
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    rec = HISTORY[-1]
    g = rec["grid"]
    bk = rec["buckets"]
    t = rec["triple"]
    print(step, repr(float(loss)), len(g), g[0] is g[-1], repr(g[-1][1]),
          bk["low"] is bk["high"], len(bk["high"]), t[0] is t[2], repr(t[1]))
    if step > 0:
        prev = HISTORY[-2]
        print("  prev", prev["grid"][0] is rec["grid"][0], prev["triple"][0] is rec["triple"][0])

g = HISTORY[3]["grid"]
g[1][2] = -1.0
print(json.dumps({"g3": [[repr(v) for v in row] for row in g],
                  "kernel": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]]}))
