"""The step compares a large int argument (a sample id beyond CPython's small-int
cache) with `is` against the id the loop marked for inspection: the loop passes the
marked object itself on some steps and an equal int it computes on others.  Eagerly
only the same object passes; an int guarded by value must be guarded on its object
for `is`."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(66)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
MARKED = 10 ** 6
SEEN = {"marked": 0}


def train_step(x, y, sample_id):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w - y))
        if sample_id is MARKED:
            SEEN["marked"] += 1
            loss = loss * 2.0
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss


for i in range(30):
    sample_id = MARKED if i % 4 == 0 or 12 <= i < 16 else int(str(MARKED))
    x = tf.constant(rng.normal(size=(4, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(4, 1)).astype(np.float32))
    print(i, repr(float(train_step(x, y, sample_id))), SEEN["marked"])
print(json.dumps(w.numpy().ravel().tolist()))
