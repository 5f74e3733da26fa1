"""Probes an explicit list iterator made in the step (`it = iter(QUEUE)`) that the step
pulls with next() while it also changes the program's list between pulls.  A CPython
list iterator is only an index: after `QUEUE.pop(0)` the next pull skips an item, after
`QUEUE.insert(0, x)` it returns the previous item again, after `QUEUE.append(x)` it can
reach the new item, and `next(it, default)` returns the default once the index passes
the end (and keeps doing so even if the list grows afterwards: an exhausted list
iterator drops its list).  The step takes three pulls, editing QUEUE between them
according to MODE (set by the loop: "pop" from step 0, "insert" from step 12, "append"
from step 20, "drain" from step 28), and uses the pulled coefficients as loss weights.
The loop refills QUEUE from a template before each call.  A graph that iterated a
snapshot of QUEUE would pull other items."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2215)
np.random.seed(2215)
keras.utils.set_random_seed(2215)
rng = np.random.default_rng(2215)

XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (XS[:, 1:2] * 2.0 - XS[:, 3:4]).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.Adam(learning_rate=0.05)
TEMPLATE = [1.0, 0.5, 0.25, 0.125]
QUEUE = []
MODE = "pop"


def train_step(x, y):
    it = iter(QUEUE)
    a = next(it, 0.0)
    if MODE == "pop":
        QUEUE.pop(0)
    elif MODE == "insert":
        QUEUE.insert(0, 2.0)
    elif MODE == "drain":
        del QUEUE[1:]
    b = next(it, 0.0)
    if MODE == "append":
        QUEUE.append(4.0)
    elif MODE == "drain":
        QUEUE.extend([8.0, 16.0])
    c = next(it, -1.0)
    with tf.GradientTape() as tape:
        err = tf.square(x @ W - y)
        loss = a * tf.reduce_mean(err) + b * tf.reduce_max(err) * 0.1 + c * 0.01 * tf.reduce_sum(tf.square(W))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, (a, b, c)


for step in range(36):
    if step == 12:
        MODE = "insert"
    if step == 20:
        MODE = "append"
    if step == 28:
        MODE = "drain"
    QUEUE[:] = TEMPLATE
    i = (step * 8) % 64
    loss, pulled = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), pulled, QUEUE)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "queue": QUEUE,
}))
