"""The step files a milestone into a sorted list the loop reads (`bisect.insort`) and
reports its tensors' dtype names (`x.dtype.name`, a variable's `dtype.name`): the
insert lands where eager's does, and a dtype's C getters read an immutable value."""
import bisect
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(33)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
MILESTONES = [3, 9]
EPOCH = 0


def train_step(x):
    bisect.insort(MILESTONES, EPOCH % 13)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, x.dtype.name, w.dtype.name, x.dtype.is_floating


for i in range(24):
    EPOCH = i // 3
    loss, a, b, floating = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), a, b, floating, MILESTONES[-4:], len(MILESTONES))
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
