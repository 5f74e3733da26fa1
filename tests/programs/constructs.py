"""Constructs real programs use in their steps (issue 21, item 4): getattr with a
constant name (guarded like `a.b`, and followed when the attribute changes), namedtuple
batches (a new batch object every call), and the namedtuple's fields unpacked.  Under
janus and JANUS_MODE=off; prints one JSON document."""

import collections
import json

import numpy as np
import tensorflow as tf

STEPS, SWITCH = 10, 6
RNG = np.random.default_rng(2)
W = tf.Variable(RNG.normal(size=(3, 1)))
Batch = collections.namedtuple("Batch", "x y")
results = {}


def record(name, value):
    results.setdefault(name, []).append(value.numpy().tolist())


class Config:
    scale = 2.0


config = Config()


def getattr_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, W)) * getattr(config, "scale")
    tape.gradient(loss, [W])
    return loss


for i in range(STEPS):
    if i == SWITCH:
        config.scale = 0.5
    record("getattr", getattr_step(tf.constant(RNG.normal(size=(2, 3)))))


def batch_step(batch):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((tf.matmul(batch.x, W) - batch.y) ** 2)
    grads = tape.gradient(loss, [W])
    W.assign_sub(0.1 * grads[0])
    return loss


def unpacking_step(batch):
    x, y = batch
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((tf.matmul(x, W) - batch[1]) ** 2) + 0.0 * tf.reduce_sum(y)
    grads = tape.gradient(loss, [W])
    W.assign_sub(0.1 * grads[0])
    return loss


for i in range(STEPS):
    batch = Batch(tf.constant(RNG.normal(size=(4, 3))), tf.constant(RNG.normal(size=(4, 1))))
    record("batch", batch_step(batch))
    record("unpacking", unpacking_step(batch))
results["W"] = W.numpy().tolist()
print(json.dumps(results))
