"""`bisect.insort(BEST, entry, key=...)` keeps the program's list of (score, step)
entries sorted by score, and `insort_left(..., lo=1)` a second list: the list changes
are deferred to the commit as the program's own `insert` would be.  A new round,
every sixth step, adds one entry to each."""
import bisect
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(63)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
BEST = [(0, -1), (9, -1)]
MARKS = [0, 100]
ROUND = 0
LAST = [-1]


def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(0.01 * tape.gradient(loss, w))
    if ROUND != LAST[0]:
        LAST[0] = ROUND
        bisect.insort(BEST, ((ROUND * 7) % 10, ROUND), key=lambda e: e[0])
        bisect.insort_left(MARKS, ROUND, lo=1)
    return loss


for i in range(30):
    ROUND = i // 6
    loss = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), BEST[-3:], len(BEST), MARKS[-2:])
print(json.dumps({"best": BEST, "marks": MARKS, "w": w.numpy().ravel().tolist()}))
