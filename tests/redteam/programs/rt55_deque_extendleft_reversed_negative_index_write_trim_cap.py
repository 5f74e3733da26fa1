"""A priority buffer kept as a global deque `BUF` (no maxlen).  Each step pushes the
batch's (max, min) per-sample losses at the front with `BUF.extendleft((hi, lo))`, which
puts them in reverse order (lo ends up first), overwrites the oldest entry
(`BUF[-1] = ...`), rotates by the global `SHIFT`, then trims the buffer from the right
to the global `CAP` with `while len(BUF) > CAP: BUF.pop()`.  It also reads
`BUF.index(lo)` and `BUF.count(0.0)`.  The loop changes CAP (5 -> 3 at step 8, -> 6 at
step 16), SHIFT (0 -> 1 at step 12, -> -2 at step 22) and appends two zeros at step 26.
Probes: deque.extendleft's reversal, an item write at a negative index, rotate by a
global, index/count, and a Python while loop trimming to a cap the loop changes."""
import random

import numpy

random.seed(5507)
numpy.random.seed(5507)

import json
from collections import deque

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5507)
rng = np.random.default_rng(5507)
XS = rng.normal(size=(112, 4)).astype(np.float32)
YS = np.cos(XS[:, :1] - XS[:, 2:3]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="sigmoid"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)
BUF = deque([0.0, 0.0, 0.0])
CAP = 5
SHIFT = 0
POS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        per = tf.square(MODEL(x, training=True) - y)[:, 0]
        loss = tf.reduce_mean(per)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    hi = float(tf.reduce_max(per))
    lo = float(tf.reduce_min(per))
    BUF.extendleft((hi, lo))
    BUF[-1] = round(hi - lo, 4)
    BUF.rotate(SHIFT)
    while len(BUF) > CAP:
        BUF.pop()
    POS.append((BUF.index(lo) if lo in BUF else -1, BUF.count(0.0)))
    return loss


for step in range(32):
    if step == 8:
        CAP = 3
    if step == 12:
        SHIFT = 1
    if step == 16:
        CAP = 6
    if step == 22:
        SHIFT = -2
    if step == 26:
        BUF.append(0.0)
        BUF.append(0.0)
    i = (step * 8) % 104
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [repr(v) for v in BUF], POS[-1])

print(json.dumps({"buf": [repr(v) for v in BUF], "pos": POS[-6:],
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
