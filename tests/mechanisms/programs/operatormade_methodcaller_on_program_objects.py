"""operator.methodcaller made in the step (with a keyword) calls a method of the
program's schedule objects; the loop replaces the method on the class mid-run: the
call is read as `obj.name` is, guarded on the class."""
import json
import operator
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(29)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


class Schedule:
    def __init__(self, base):
        self.base = base

    def rate(self, step, warm=4):
        return self.base * min(1.0, (step + 1) / warm)


SCHEDULES = [Schedule(0.1), Schedule(0.05)]


def train_step(step, x):
    rates = list(map(operator.methodcaller("rate", step, warm=6), SCHEDULES))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(min(rates) * tape.gradient(loss, w))
    return loss, rates


for i in range(24):
    if i == 12:
        Schedule.rate = lambda self, step, warm=4: self.base / 2
    loss, rates = train_step(i // 8, tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), rates)
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
