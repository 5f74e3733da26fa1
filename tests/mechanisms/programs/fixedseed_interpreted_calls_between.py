"""A step with seeded noise (seed=17) whose calls sometimes run in the interpreter: a
negative learning rate makes it raise before it draws (the loop catches it), and a
Python flag switched at step 12 and back at step 16 changes its path.  Every call,
graph or interpreter, must continue the same stream, under a device scope."""
import random

import numpy as np
import tensorflow as tf

random.seed(0)          # the oracle compares the states of Python's and numpy's generators
np.random.seed(0)

tf.random.set_seed(7)
rng = np.random.default_rng(7)
w = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32))
CONFIG = {"noisy_labels": False}


def train_step(x, y, lr):
    if lr < 0:
        raise ValueError(f"bad learning rate {lr}")
    with tf.device("/CPU:0"):
        noise = tf.random.normal([4, 4], seed=17)
    if CONFIG["noisy_labels"]:
        y = y + tf.random.uniform(tf.shape(y), seed=17)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square((x + 0.1 * noise) @ w - y))
    w.assign_sub(lr * tape.gradient(loss, w))
    return loss


for i in range(26):
    CONFIG["noisy_labels"] = 12 <= i < 16
    lr = -1.0 if i in (6, 18) else 0.05
    x = tf.constant(rng.normal(size=(4, 4)).astype(np.float32))
    y = tf.constant(rng.normal(size=(4, 2)).astype(np.float32))
    try:
        print(i, repr(float(train_step(x, y, lr))))
    except ValueError as exc:
        print(i, "raised", exc)
print(w.numpy().ravel().tolist())
