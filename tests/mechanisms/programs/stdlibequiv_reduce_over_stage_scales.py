"""`functools.reduce` in the step folds a list of stage scales the loop edits
(`reduce(lambda a, b: a * b, SCALES, 1.0)`, and without an initial value over a list of
ints): C code eagerly, inlined as Python by the builder, its reads guarded."""
import functools
import json
import operator
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(61)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
SCALES = [0.5, 1.0, 2.0]
WIDTHS = [2, 3]


def train_step(x):
    scale = functools.reduce(lambda a, b: a * b, SCALES, 1.0)
    width = functools.reduce(operator.add, WIDTHS)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w)) * scale + 0.01 * width
    w.assign_sub(0.01 * tape.gradient(loss, w))
    return loss, scale, width


for i in range(30):
    if i == 12:
        SCALES.append(0.25)
    if i == 20:
        WIDTHS[0] = 7
    loss, scale, width = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), repr(scale), width, type(scale).__name__)
print(json.dumps(w.numpy().ravel().tolist()))
