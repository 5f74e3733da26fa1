"""A config namedtuple of the program, read by field in the step.  The loop replaces the
global with `_replace(scale=...)` at step 10, the batch comes as a program namedtuple
argument, and at step 17 the class's field getter for `scale` is replaced by a property
that doubles it."""
from collections import namedtuple

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(3)
rng = np.random.default_rng(3)
Config = namedtuple("Config", "lr scale")
Batch = namedtuple("Batch", ["x", "y"])
CFG = Config(lr=0.1, scale=1.0)
W = tf.Variable(rng.normal(size=(3, 1)) * 0.2)


def train_step(batch):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(batch.x @ W * CFG.scale - batch.y))
    W.assign_sub(CFG.lr * tape.gradient(loss, W))
    return loss, CFG.scale


for i in range(24):
    if i == 10:
        CFG = CFG._replace(scale=0.5)
    if i == 17:
        Config.scale = property(lambda self: 2 * tuple.__getitem__(self, 1))
    batch = Batch(tf.constant(rng.normal(size=(8, 3))), tf.constant(rng.normal(size=(8, 1))))
    loss, scale = train_step(batch)
    print(i, repr(float(loss)), repr(scale), type(scale).__name__)
print("W", W.numpy().ravel().tolist())
