"""Building changes nothing and folds no fresh value
(docs/soundness.md#builds-change-nothing-and-fold-no-fresh-value):
steps that draw from an iterator made outside (itertools.count), from a callable
iterator (iter(random.random, 2.0)), from numpy's and Python's global generators, and a
Keras initializer made inside the step (it seeds itself from Python's `random` while
the build runs).  Each prints what it drew; the run ends with both generators' states.
Under janus and JANUS_MODE=off; prints one JSON document.
"""

import hashlib
import itertools
import json
import random

import numpy as np
import tensorflow as tf

random.seed(1)
np.random.seed(1)
STEPS = 8
W = tf.Variable(tf.ones((3, 2)))
X = tf.ones((1, 3))
results = {}


def record(name, *values):
    results.setdefault(name, []).append([v.numpy().tolist() if isinstance(v, tf.Tensor)
                                         else v for v in values])


ticks = itertools.count()


def ticking_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, W))
    tape.gradient(loss, [W])
    for tick in ticks:
        break
    return loss, tick


def callable_iterator_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, W))
    tape.gradient(loss, [W])
    draws = iter(random.random, 2.0)
    return loss, next(draws)


def numpy_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, W)) * float(np.random.choice(5))
    tape.gradient(loss, [W])
    return loss


def initializer_step(x):
    with tf.GradientTape() as tape:
        init = tf.keras.initializers.RandomNormal()
        loss = tf.reduce_sum(tf.matmul(x, W)) + 0.0 * tf.reduce_sum(init((3, 2)))
    tape.gradient(loss, [W])
    return loss


for i in range(STEPS):
    record("ticking", *ticking_step(X))
    record("callable_iterator", *callable_iterator_step(X))
    record("numpy", numpy_step(X))
    record("initializer", initializer_step(X))
    record("after", random.random(), float(np.random.rand()))

results["python_state"] = hashlib.sha256(repr(random.getstate()).encode()).hexdigest()
results["numpy_state"] = hashlib.sha256(np.random.get_state()[1].tobytes()).hexdigest()
print(json.dumps(results))
