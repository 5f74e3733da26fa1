"""Functions called with a new tf.Variable each call, and a step janus gives up on, under
janus and JANUS_MODE=off (tests/e2e/test_variable_args.py).

Prints one JSON document: what each call returned and the variables afterwards.
"""

import json

import numpy as np
import tensorflow as tf

from typed import typed

results = {}


def grad(f, x):
    """d f / d x, as a convergence test computes it for every fresh variable."""
    with tf.GradientTape() as tape:
        y = f(x)
    return tape.gradient(y, x)


def cube(x):
    return tf.reduce_sum(x * x * x)


grads = []
for i in range(20):
    x = tf.Variable(np.linspace(-1.0, 1.0, 5) * (i + 1))
    grads.append(grad(cube, x))
results["grad"] = typed(grads)


def descend(x, rate):
    """Updates the variable it is given."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.square(x - 3.0))
    x.assign_sub(rate * tape.gradient(loss, x))
    return loss


variables = [tf.Variable(np.full(3, float(i))) for i in range(12)]
losses = [descend(v, tf.constant(0.1, tf.float64)) for v in variables for _ in range(2)]
shared = tf.Variable(np.ones(3))
losses.append(descend(shared, tf.constant(0.1, tf.float64)))
results["descend"] = {"losses": typed(losses), "variables": typed(variables + [shared])}


def pair(a, b):
    """The same variable may come twice: reads and writes must then be ordered."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(a * b)
    a.assign_add(tape.gradient(loss, a))
    return loss, b.read_value()


pairs = []
for i in range(10):
    a, b = tf.Variable(np.full(2, float(i))), tf.Variable(np.full(2, 2.0))
    pairs.append(pair(a, a if i >= 7 else b))
results["pair"] = typed(pairs)


def ones():
    try:
        yield 1.0
        yield 1.0
    finally:
        pass


def given_up(x):
    """Made of a construct janus refuses (a generator with try/finally that the call
    leaves unfinished): interpreted every call."""
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(x * x)
    scale = next(ones())
    return scale * tape.gradient(y, x)


for i in range(30):
    out = given_up(tf.Variable(np.ones(2)))
results["given_up"] = typed(out)
print(json.dumps(results))
