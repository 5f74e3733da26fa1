"""Closures made in the step see their variables as they are when called: a lambda
made before the variable is rebound reads the new value; lambdas made in a
comprehension all read the loop variable's last value, unless it is bound as a
default; a nested function rebinds a variable the step reads afterwards."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(4)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


def train_step(x):
    gain = 2.0
    read_gain = lambda: gain           # noqa: E731
    gain = 3.0
    late = [lambda: k for k in range(3)]
    bound = [lambda k=k: k for k in range(3)]
    total = 0.0

    def add(v):
        nonlocal total
        total = total + v

    with tf.GradientTape() as tape:
        out = x @ w
        loss = tf.reduce_mean(tf.square(out)) * read_gain()
    add(float(loss))
    add(late[0]() + 10 * bound[1]())
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, total, [f() for f in late], [f() for f in bound]


for i in range(20):
    loss, total, late, bound = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), repr(total), late, bound)
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
