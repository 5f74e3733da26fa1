"""A step keeps a running mean of its loss in slot 1 of a stats list and reads it back
in the same call (`STATS[1] = 0.9 * STATS[1] + 0.1 * loss_value`, then a decay
multiplier from it); the loop appends to the list now and then, so its length grows
between calls.  The item written is the call's; the others are the caller's."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(72)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
STATS = [0.5, 1.0, 2.0]


def train_step(x, y, lr):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w - y))
    STATS[1] = 0.9 * STATS[1] + 0.1 * lr
    scale = STATS[1] * STATS[0]
    w.assign_sub(scale * 0.05 * tape.gradient(loss, w))
    return loss, scale


for i in range(30):
    x = tf.constant(rng.normal(size=(4, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(4, 1)).astype(np.float32))
    loss, scale = train_step(x, y, 1.0 if i < 15 else 0.5)
    if i % 7 == 6:
        STATS.append(float(i))
    if i == 20:
        STATS[0] = 0.25
    print(i, repr(float(loss)), repr(scale), len(STATS))
print(json.dumps(w.numpy().ravel().tolist()))
