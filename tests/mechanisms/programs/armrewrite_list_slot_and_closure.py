"""A closure cell and an object attribute written in an outer branch on a tensor, then
again on one arm of an if/elif/else on a tensor nested in it (the other inner arms
write nothing or write the other name).  Each name lands with the last value its arm
gave it, whenever the outer arm ran."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(33)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


class Stats:
    def __init__(self):
        self.level = 0.0


def make_step(stats):
    streak = 0

    def train_step(x):
        nonlocal streak
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ w))
        w.assign_sub(0.02 * tape.gradient(loss, w))
        if loss > 0.2:
            streak += 1
            stats.level = stats.level + 0.5
            if loss > 1.5:
                streak = 0
            elif loss > 0.8:
                stats.level = 0.0
            else:
                pass
        return loss, streak

    return train_step


STATS = Stats()
step = make_step(STATS)
for i in range(30):
    loss, streak = step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32) * (1 + i % 4)))
    print(i, repr(float(loss)), streak, STATS.level, type(streak).__name__)
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
