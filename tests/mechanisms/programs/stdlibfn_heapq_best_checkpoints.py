"""The step keeps the k best scores of the run in a heap the loop owns
(`heapq.heappush`, then `heappop` once it holds more than K, `heapreplace` at a phase
change): each is the list changes CPython's C code makes (an append or pop, then items
moved), replayed on the program's list when the call succeeds."""
import heapq
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(32)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
BEST = []
K = 4
PHASE = 0


def train_step(x, score):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    dropped = None
    if PHASE == 1 and BEST:
        dropped = heapq.heapreplace(BEST, (score, "p1"))
    else:
        heapq.heappush(BEST, (score, "p0"))
        if len(BEST) > K:
            dropped = heapq.heappop(BEST)
    return loss, dropped


for i in range(30):
    if i == 18:
        PHASE = 1
    loss, dropped = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)),
                               (i * 7) % 11)
    print(i, repr(float(loss)), dropped, BEST)
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
