"""A raw-variable step calls a gradient guard that raises `Flagged` only when the
Python-side budget says the step is over its limit (every fourth call); the step
catches it with `except Skip:` (no update) or `except Shrink:` (damped update).
Mid-run the loop reassigns `Flagged.__bases__` so the other clause matches."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(2)


class Skip(Exception):
    pass


class Shrink(Exception):
    pass


class Flagged(Skip):
    pass


BUDGET = {"calls": 0, "every": 4}


def guard():
    BUDGET["calls"] += 1
    if BUDGET["calls"] % BUDGET["every"] == 0:
        raise Flagged("over budget")


rng = np.random.default_rng(19)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] - 2.0 * XS[:, 1:2] + 0.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
B = tf.Variable(tf.zeros([1]))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    lr = 0.1
    try:
        guard()
    except Shrink:
        lr = 0.01
    except Skip:
        lr = 0.0
    W.assign_sub(lr * gw)
    B.assign_sub(lr * gb)
    return loss


for step in range(24):
    if step == 7:
        Flagged.__bases__ = (Shrink,)
    if step == 14:
        Flagged.__bases__ = (Skip,)
    if step == 19:
        Flagged.__bases__ = (Shrink,)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), Flagged.__bases__[0].__name__, BUDGET["calls"])
print(json.dumps({"w": W.numpy().ravel().tolist(), "b": B.numpy().tolist()}))
