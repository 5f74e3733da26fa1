"""A callable object of the program whose class defines `__eq__` with an effect (it logs
what it is compared with) is called in the step: janus answers the call by the class's
`__call__` without comparing the object with anything, so the log stays as eager leaves
it (empty); the loop changes the object's factor mid-run."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(53)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
COMPARED = []


class Scale:
    def __init__(self, k):
        self.k = k

    def __call__(self, v):
        return v * self.k

    def __eq__(self, other):
        COMPARED.append(type(other).__name__)
        return isinstance(other, Scale) and other.k == self.k

    __hash__ = object.__hash__


SCALE = Scale(0.05)


def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(SCALE(tape.gradient(loss, w)))
    return loss


for i in range(24):
    if i == 12:
        SCALE.k = 0.02
    loss = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), len(COMPARED))
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]), COMPARED)
