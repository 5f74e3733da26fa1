"""operator's in-place functions in the step: `operator.iadd(buffer, [count])` extends the
step's list in place (the same object), `operator.imul` of a Python number makes a
new one; functools.reduce(operator.add, ...) over the window and operator.countOf of a
flag list; the loop rebinds the window mid-run."""
import functools
import json
import operator
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(37)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
HISTORY = []
WINDOW = [0.5, 0.25]
FLAGS = [True, False, True]


def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    scale = operator.imul(functools.reduce(operator.add, WINDOW), 0.1)
    w.assign_sub(scale * tape.gradient(loss, w))
    buffer = [loss]
    same = operator.iadd(buffer, [operator.countOf(FLAGS, True)]) is buffer
    HISTORY.append(buffer[1])
    return loss, scale, same


for i in range(24):
    if i == 10:
        WINDOW = [0.75, 0.5, 0.125]
    loss, scale, same = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), scale, same, len(HISTORY))
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
