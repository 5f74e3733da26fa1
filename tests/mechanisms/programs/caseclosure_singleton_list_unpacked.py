"""tf.case whose lambdas return one-item lists: eagerly each tf.cond of case's chain
unpacks a result of one item (strict=False, the default), so the step gets the tensor,
not the list; with strict=True it gets what the lambda returned (a one-item tuple
here).  The step reports the type it got."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(93)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = x @ w - y
        s = tf.reduce_sum(err)
        loose = tf.case([(s > 0.5, lambda: [tf.reduce_mean(tf.square(err))]),
                         (s < -0.5, lambda: [tf.reduce_mean(tf.abs(err))])],
                        default=lambda: [tf.reduce_mean(err) ** 2])
        strict = tf.case([(s > 0.0, lambda: (tf.reduce_max(err),))],
                         default=lambda: (tf.reduce_min(err),), strict=True)
        loss = loose + 0.1 * strict[0]
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, type(loose).__name__, type(strict).__name__


for i in range(30):
    x = tf.constant(rng.normal(size=(6, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(6, 1)).astype(np.float32))
    loss, loose_type, strict_type = train_step(x, y)
    print(i, repr(float(loss)), loose_type, strict_type)
print(json.dumps([float(v).hex() for v in w.numpy().ravel()]))
