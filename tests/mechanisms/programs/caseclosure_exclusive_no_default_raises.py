"""tf.case with exclusive=True and no default: eagerly, more than one predicate true, or
none, raises InvalidArgumentError before any branch runs (the last pair is the default,
asserted).  The loop catches it; on the other steps the single true predicate's lambda
runs."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(92)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
LOG = []


def train_step(x, y, lo, hi):
    err = x @ w - y
    m = tf.reduce_mean(err)
    with tf.GradientTape() as tape:
        err = x @ w - y
        loss = tf.case([(m < lo, lambda: tf.reduce_mean(tf.square(err))),
                        (m > hi, lambda: tf.reduce_mean(tf.abs(err))),
                        (tf.logical_and(m >= lo, m <= hi), lambda: tf.reduce_mean(err) ** 2)],
                       exclusive=True)
    w.assign_sub(0.05 * tape.gradient(loss, w))
    LOG.append("ok")
    return loss


for i in range(30):
    x = tf.constant(rng.normal(size=(6, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(6, 1)).astype(np.float32))
    # Overlapping ranges on some steps (two predicates true), a gap on others (none).
    lo, hi = (-0.2, 0.2) if i % 5 else ((0.3, -0.3) if i % 2 else (0.1, -0.1))
    try:
        print(i, repr(float(train_step(x, y, tf.constant(lo), tf.constant(hi)))), len(LOG))
    except tf.errors.InvalidArgumentError as exc:
        print(i, "InvalidArgumentError", type(exc).__name__, len(LOG))
print(json.dumps([float(v).hex() for v in w.numpy().ravel()]))
