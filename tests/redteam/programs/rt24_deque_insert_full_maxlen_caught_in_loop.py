"""Mechanism: iterating a bounded deque (maxlen=5) of per-slot loss weights while the body
calls `d.insert(1, w)`.  On a FULL bounded deque CPython's insert raises IndexError
("deque already at its maximum size") WITHOUT touching the deque or its mutation state,
so the step's `except IndexError` swallows it and the iteration goes on; on a deque with
room the insert succeeds, moves the state, and the next pull of the iterator raises
RuntimeError, which the step catches around the loop.  The loop pops an item from the
deque at steps 10 and 22 (making room once) and appends at 13 and 25 (full again).  A graph
that treated insert as a write that always moves the state (or let it grow the bounded
deque) would print other counts and weights.
"""
import json
import random
from collections import deque

import keras
import numpy as np
import tensorflow as tf

random.seed(17)
np.random.seed(17)
keras.utils.set_random_seed(17)
rng = np.random.default_rng(17)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 3:4]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.Adam(learning_rate=0.01)

SLOTS = deque([1.0, 0.8, 0.6, 0.4, 0.2], maxlen=5)
LOG = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    total = 0.0
    refused = 0
    outcome = "done"
    try:
        for w in SLOTS:
            total += w
            if w > 0.5:
                try:
                    SLOTS.insert(1, w * 0.5)
                except IndexError:
                    refused += 1
    except RuntimeError:
        outcome = "mutated"
    LOG.append(outcome)
    return loss, total, refused, outcome


for step in range(32):
    if step in (10, 22):
        SLOTS.pop()
    if step in (13, 25) and len(SLOTS) < 5:
        SLOTS.append(0.1)
    i = (step * 8) % 56
    loss, total, refused, outcome = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(total), refused, outcome, list(SLOTS))

print(json.dumps({"W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
                  "W2": [repr(float(v)) for v in W2.numpy().ravel()],
                  "slots": [repr(v) for v in SLOTS], "log": LOG}))
