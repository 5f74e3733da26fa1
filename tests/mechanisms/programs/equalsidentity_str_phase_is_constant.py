"""`if phase is PHASE_TRAIN:` of a str argument: the loop passes the module's constant
on some steps and an equal str it builds at run time on others.  Eagerly only the
constant object passes the test.  A str guarded by value must also be guarded on its
object where the step asks `is`."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(64)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
PHASE_TRAIN = "train"
COUNTS = {"reg": 0}


def train_step(x, y, phase):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w - y))
        if phase is PHASE_TRAIN:
            COUNTS["reg"] += 1
            loss = loss + 0.01 * tf.reduce_sum(tf.square(w))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss


for i in range(30):
    phase = PHASE_TRAIN if i % 3 == 0 or 10 <= i < 15 else "".join(["tr", "ain"])
    x = tf.constant(rng.normal(size=(4, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(4, 1)).astype(np.float32))
    print(i, repr(float(train_step(x, y, phase))), COUNTS["reg"])
print(json.dumps(w.numpy().ravel().tolist()))
