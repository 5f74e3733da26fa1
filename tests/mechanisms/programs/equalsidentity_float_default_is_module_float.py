"""`if scale is DEFAULT_SCALE:` of a float argument against a module float: the loop
passes the module's object on even steps and an equal float it parses on odd ones,
and after step 12 a different global object of the same value.  Eagerly only the very
object passes."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(65)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
DEFAULT_SCALE = 0.75
HITS = {"default": 0}


def train_step(x, y, scale):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w - y))
        if scale is DEFAULT_SCALE:
            HITS["default"] += 1
            loss = loss * scale
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss


for i in range(30):
    if i == 12:
        DEFAULT_SCALE = float("0.75")      # an equal float, another object
    scale = DEFAULT_SCALE if i % 2 == 0 else float("0.75")
    x = tf.constant(rng.normal(size=(4, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(4, 1)).astype(np.float32))
    print(i, repr(float(train_step(x, y, scale))), HITS["default"])
print(json.dumps(w.numpy().ravel().tolist()))
