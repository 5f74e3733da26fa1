"""A step returns a list grown by appends in a Python loop and a dict built by
updates; the loop reports their sys.getsizeof (a memory monitor) and appends to the
returned list, whose next growth depends on the room it has."""
import random
import sys

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(5)
w = tf.Variable(rng.normal(size=(3, 2)).astype(np.float32))


def train_step(x):
    with tf.GradientTape() as tape:
        out = x @ w
        loss = tf.reduce_mean(tf.square(out))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    history = []
    for k in range(7):
        history.append(float(loss) + k)
    info = {}
    info.update(loss=float(loss))
    info.update(first=history[0], last=history[-1])
    return history, info


for i in range(20):
    history, info = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    before = sys.getsizeof(history)
    history.append(0.0)
    print(i, before, sys.getsizeof(history), sys.getsizeof(info), repr(info["loss"]))
