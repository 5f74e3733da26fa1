"""A step writes slot 2 of a per-run list of markers (`MARKS[2] = step_value`); after
step 20 the loop pops the list to two items, so the write raises IndexError eagerly
(the loop catches it and appends a new slot).  The write must need the item to be
there, as eager's does: the call raises before anything it did lands."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(73)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
MARKS = [0.0, 0.0, 0.0]


def train_step(x, y, value):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w - y))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    MARKS[2] = value
    return loss


for i in range(30):
    x = tf.constant(rng.normal(size=(4, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(4, 1)).astype(np.float32))
    if i == 20:
        MARKS.pop()
    try:
        loss = train_step(x, y, float(i))
        print(i, repr(float(loss)), MARKS)
    except IndexError as exc:
        print(i, "IndexError", exc, MARKS)
        MARKS.append(-1.0)
print(json.dumps(w.numpy().ravel().tolist()))
