"""Pruning of a global list of candidate feature indices: the step walks the candidates
through a generator expression it makes (`((j, GAINS[j]) for j in ACTIVE)`), and for a
candidate whose gain is below the global `FLOOR` it calls `ACTIVE.remove(j)` while the
generator is still iterating the list: CPython's list iterator then skips the item after
the removed one.  The candidates that survive (as the walk saw them) select the input
columns whose mean square joins the loss.  The loop lowers and raises FLOOR (steps 6,
12) and refills ACTIVE (steps 10 and 18, with a different order at 18) and changes a
gain (step 24).
Probes: a generator expression made in the step over the program's list, resumed while
the step's body removes items from that list (the live iterator's skip), with the
list refilled and reordered between calls."""
import random

import numpy

random.seed(5527)
numpy.random.seed(5527)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5527)
rng = np.random.default_rng(5527)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 3:4]).astype(np.float32)

W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
GAINS = [0.9, 0.1, 0.3, 0.05, 0.7, 0.2]
ACTIVE = [0, 1, 2, 3, 4, 5]
FLOOR = 0.0
SEEN = []


def train_step(x, y):
    global SEEN
    seen = []
    for j, gain in ((j, GAINS[j]) for j in ACTIVE):
        if gain < FLOOR:
            ACTIVE.remove(j)
        else:
            seen.append(j)
    with tf.GradientTape() as tape:
        pred = x @ W
        loss = tf.reduce_mean(tf.square(pred - y))
        for j in seen:
            loss = loss + 0.01 * GAINS[j] * tf.reduce_mean(tf.square(x[:, j]))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    SEEN = seen
    return loss


for step in range(30):
    if step == 6:
        FLOOR = 0.25
    if step == 10:
        ACTIVE[:] = [0, 1, 2, 3, 4, 5]
    if step == 12:
        FLOOR = 0.15
    if step == 18:
        ACTIVE[:] = [5, 3, 1, 0, 2, 4]
    if step == 24:
        GAINS[2] = 0.01
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), ACTIVE, SEEN)

print(json.dumps({"active": ACTIVE, "seen": SEEN, "w": [repr(float(t)) for t in W.numpy().ravel()]}))
