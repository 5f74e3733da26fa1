"""A trainer keeps `self.penalty = partial(l2_penalty, scale=0.01)` and swaps it for a
partial of another function at step 14; the step calls `self.penalty(w)`.  The partial
read from the attribute is called with what it holds then."""
import functools
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(113)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


def l2_penalty(v, scale):
    return scale * tf.reduce_sum(tf.square(v))


def l1_penalty(v, scale):
    return scale * tf.reduce_sum(tf.abs(v))


class Trainer:
    def __init__(self):
        self.penalty = functools.partial(l2_penalty, scale=0.01)

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ w - y)) + self.penalty(w)
        w.assign_sub(0.1 * tape.gradient(loss, w))
        return loss


tr = Trainer()
for step in range(30):
    if step == 14:
        tr.penalty = functools.partial(l1_penalty, scale=0.05)
    x = tf.constant(rng.normal(size=(6, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(6, 1)).astype(np.float32))
    print(step, repr(float(tr.train_step(x, y))), tr.penalty.func.__name__)
print(json.dumps([float(v).hex() for v in w.numpy().ravel()]))
