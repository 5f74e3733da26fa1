"""Curriculum: the step picks one of the caller's two (x, y) tuples with a Python `if`
on a tensor loss, then may swap again on a second tensor test; it trains on the pick,
stores it and returns it.  Eagerly the pick is one of the caller's tuples (`got is
hard`), chosen by the values; a tuple an arm builds is a new one."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(63)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)


class Trainer:
    picked = None


TR = Trainer()


def train_step(easy, hard):
    easy_loss = tf.reduce_mean(tf.square(easy[0] @ w - easy[1]))
    batch = hard if easy_loss < 0.6 else easy
    if tf.reduce_sum(batch[1]) > 1.0:
        batch = (batch[0] * 0.5, batch[1] * 0.5)      # a new tuple on this arm
    TR.picked = batch
    x, y = batch
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w - y))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, batch


for i in range(30):
    easy = (tf.constant(rng.normal(size=(4, 3)).astype(np.float32) * 0.5),
            tf.constant(rng.normal(size=(4, 1)).astype(np.float32) * 0.5))
    hard = (tf.constant(rng.normal(size=(4, 3)).astype(np.float32) * 2.0),
            tf.constant(rng.normal(size=(4, 1)).astype(np.float32) * 2.0))
    loss, got = train_step(easy, hard)
    which = "easy" if got is easy else "hard" if got is hard else "new"
    print(i, repr(float(loss)), which, TR.picked is got, type(got).__name__)
print(json.dumps(w.numpy().ravel().tolist()))
