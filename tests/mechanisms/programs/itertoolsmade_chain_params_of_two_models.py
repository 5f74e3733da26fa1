"""itertools.chain made in the step over two models' weights, zipped with the gradients
and with per-model rate multipliers (`chain(MULTS, repeat(1.0))`); the step prints what
type() and isinstance() say of the chain.  The loop edits a multiplier mid-run: the
chain's items are read as a `for` over the list reads them, so the graph is built
again."""
import collections.abc
import itertools
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)
ENC = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh")])
HEAD = keras.Sequential([keras.Input((6,)), keras.layers.Dense(1)])
MULTS = [1.0, 0.5]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(HEAD(ENC(x)) - y))
    weights = list(itertools.chain(ENC.trainable_variables, HEAD.trainable_variables))
    grads = tape.gradient(loss, weights)
    rates = itertools.chain(MULTS, itertools.repeat(1.0))
    kind = (type(rates).__name__, isinstance(rates, itertools.chain),
            isinstance(rates, collections.abc.Iterator))
    for g, w, m in zip(grads, weights, rates):
        w.assign_sub(0.1 * m * g)
    return loss, kind


for i in range(24):
    if i == 10:
        MULTS[1] = 0.25
    x = rng.normal(size=(8, 4)).astype(np.float32)
    loss, kind = train_step(tf.constant(x), tf.constant(x[:, :1] * 2.0))
    print(i, repr(float(loss)), kind)
print(json.dumps([repr(float(v)) for v in HEAD.layers[0].kernel.numpy().ravel()]))
