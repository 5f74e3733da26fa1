"""min(x, 0.5) and max(x, 0.0) of a number the step computes: the result is the
constant's own object where it wins (a code constant), else the computed number; both
are stored and returned, and the loop compares identities."""
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(12)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
KEEP = {}


def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    v = float(loss)
    capped = min(v, 0.5)
    floor = max(v - 0.3, 0.0)
    KEEP["v"], KEEP["capped"], KEEP["floor"] = v, capped, floor
    return loss, capped is v, floor


for i in range(18):
    loss, same, floor = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), same, KEEP["capped"] is KEEP["v"], repr(floor),
          floor is KEEP["floor"])
