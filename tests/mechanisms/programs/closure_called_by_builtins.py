"""Closures made in the step that builtins and comprehensions call: sorted(key=...)
over the step's per-head weights scaled by a variable of the step, a lambda called on
each of the step's values in a comprehension, and max(key=...).  A global flag flips
the scale's sign at step 9."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(6)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
FLAGS = {"flip": False}


def train_step(x):
    scale = -1.0 if FLAGS["flip"] else 1.0
    weights = [0.5, 2.0, 1.0]
    order = sorted(range(3), key=lambda k: weights[k] * scale)
    scaled = [(lambda v: v * scale)(v) for v in weights]
    best = max(range(3), key=lambda k: scaled[k])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w)) * weights[order[0]]
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, order, scaled, best


for i in range(20):
    FLAGS["flip"] = i >= 9
    loss, order, scaled, best = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), order, scaled, best)
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
