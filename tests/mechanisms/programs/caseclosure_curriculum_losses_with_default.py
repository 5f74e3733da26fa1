"""tf.case over lambdas that close over the step's locals: the first predicate that holds
picks the loss term (a margin loss while the loss is large, a squared one when it is
small, half the mean otherwise, the default).  Eagerly only the chosen lambda runs;
one of them counts its calls on an attribute, so the count says which ran."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(91)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


class Counts:
    squared = 0


COUNTS = Counts()


def squared_term(err):
    COUNTS.squared += 1
    return tf.reduce_mean(tf.square(err))


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = x @ w - y
        base = tf.reduce_mean(tf.abs(err))
        loss = tf.case([(base > 1.5, lambda: tf.reduce_mean(tf.nn.relu(tf.abs(err) - 0.5))),
                        (base < 0.6, lambda: squared_term(err))],
                       default=lambda: tf.reduce_mean(tf.abs(err)) * 0.5)
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, base


for i in range(30):
    x = tf.constant(rng.normal(size=(6, 3)).astype(np.float32) * (2.0 if i % 4 == 0 else 1.0))
    y = tf.constant(rng.normal(size=(6, 1)).astype(np.float32))
    loss, base = train_step(x, y)
    print(i, repr(float(loss)), repr(float(base)), COUNTS.squared)
print(json.dumps([float(v).hex() for v in w.numpy().ravel()]))
