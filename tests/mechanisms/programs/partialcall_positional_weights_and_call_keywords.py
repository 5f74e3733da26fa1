"""A partial with a positional tensor and a keyword the call overrides:
`scaled = partial(weighted_error, CLASS_WEIGHTS, power=2)` called as
`scaled(y, p, power=POWER)`; the loop assigns new class weights into the variable and
rebinds POWER mid-run.  The call's keywords win over the partial's, as in CPython."""
import functools
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(112)
w = tf.Variable(rng.normal(size=(3, 2)).astype(np.float32))
CLASS_WEIGHTS = tf.Variable([1.0, 2.0])
POWER = 2


def weighted_error(weights, y, p, power=1):
    return tf.reduce_mean(tf.abs(y - p) ** power * weights)


SCALED = functools.partial(weighted_error, CLASS_WEIGHTS, power=3)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = SCALED(y, x @ w, power=POWER)
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss


for step in range(30):
    if step == 10:
        CLASS_WEIGHTS.assign([0.5, 3.0])
    if step == 18:
        POWER = 1
    x = tf.constant(rng.normal(size=(5, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(5, 2)).astype(np.float32))
    print(step, repr(float(train_step(x, y))))
print(json.dumps([float(v).hex() for v in w.numpy().ravel()]))
