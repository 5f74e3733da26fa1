"""The caller passes its batch as a tuple (and as a namedtuple); the step keeps it on a
trainer and returns it.  Eagerly both are the caller's own objects: `ret is batch`,
`TR.last is batch`, and a batch handed twice in a row is seen again by `is`.  A
container argument stands for the caller's object, not a new tuple of the same items."""
import collections
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(61)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
Pair = collections.namedtuple("Pair", "x y")


class Trainer:
    last = None
    repeats = 0


TR = Trainer()


def train_step(batch, pair):
    if batch is TR.last:
        TR.repeats += 1
    x, y = batch
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w - y)) + tf.reduce_mean(pair.x @ w) * 0.01
    w.assign_sub(0.05 * tape.gradient(loss, w))
    TR.last = batch
    return batch, pair, loss


batch = None
for i in range(30):
    if i % 3 != 2:          # every third step hands the previous batch again
        batch = (tf.constant(rng.normal(size=(4, 3)).astype(np.float32)),
                 tf.constant(rng.normal(size=(4, 1)).astype(np.float32)))
    pair = Pair(batch[0], batch[1])
    got, got_pair, loss = train_step(batch, pair)
    print(i, repr(float(loss)), got is batch, TR.last is batch, got_pair is pair,
          type(got_pair).__name__, TR.repeats)
print(json.dumps(w.numpy().ravel().tolist()))
