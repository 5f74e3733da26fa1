"""The step looks up a learning rate in a dict by a key it formats from the epoch
(`TABLE[f"epoch{EPOCH // 4}"]`), takes the larger of two formatted names (`max`), and
sorts formatted names: each hashes or compares the str itself, which exists only once
the graph has run if the epoch is a graph input, so the build answers for the epoch's
value instead."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(14)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
TABLE = {"epoch0": 0.1, "epoch1": 0.05, "epoch2": 0.02, "epoch3": 0.01}
EPOCH = 0


def train_step(x):
    lr = TABLE[f"epoch{EPOCH // 4}"]
    name = "e" + str(EPOCH)
    largest = max(name, "e3")
    order = sorted([name, "e10", "e2"])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(lr * tape.gradient(loss, w))
    return loss, lr, largest, order


for i in range(32):
    EPOCH = i // 2
    loss, lr, largest, order = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), lr, largest, order)
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
