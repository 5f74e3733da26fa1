"""Mechanism: `for i, (name, w) in enumerate(PRIORITY)` over the program's list of
(name, weight) pairs while the loop body calls `PRIORITY.sort(key=...)` in place when it
meets an item heavier than the first one.  CPython's list iterator is an index: after the
sort, the next index reads the SORTED list, so items can be visited twice or skipped.
The loop rescales the second item's weight from outside at steps 7, 15 and 23 (which changes
whether and where the sort happens).  A graph whose iteration read the list as it was when
the loop began (or sorted a copy the iterator does not see) sums other weights.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(41)
np.random.seed(41)
keras.utils.set_random_seed(41)
rng = np.random.default_rng(41)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] - 0.5 * XS[:, 3:4]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2)
B = tf.Variable(np.zeros((1,), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)

PRIORITY = [("mse", 1.0), ("l2", 0.2), ("l1", 0.5), ("bias", 0.1)]


def weight_of(item):
    return -item[1]


def train_step(x, y):
    total = 0.0
    order = []
    for i, (name, w) in enumerate(PRIORITY):
        total += w * (i + 1)
        order.append(name)
        if w > PRIORITY[0][1]:
            PRIORITY.sort(key=weight_of)
    with tf.GradientTape() as tape:
        err = tf.reduce_mean(tf.square(x @ W + B - y))
        loss = err * total + 0.01 * tf.reduce_sum(tf.abs(W))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss, total, ",".join(order)


for step in range(30):
    if step in (7, 15, 23):
        name, w = PRIORITY[1]
        PRIORITY[1] = (name, w * 6.0 + 0.5)
    i = (step * 8) % 56
    loss, total, order = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(total), order)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "B": [repr(float(v)) for v in B.numpy().ravel()],
                  "priority": [[n, repr(w)] for n, w in PRIORITY]}))
