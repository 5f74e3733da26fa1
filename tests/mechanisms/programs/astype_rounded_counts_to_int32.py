"""The step scales its predictions to counts and casts them to int32 with numpy's astype
(truncation toward zero), and to int8 for a compact log; after step 15 the scale makes
some values negative, and from step 22 some are out of int8's range.  Where a value
is out of a target's range C's result is undefined (numpy may warn): such a call may
not run in a graph."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(82)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
SCALE = {"k": 40.0, "wide": 1.0}


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = x @ w
        loss = tf.reduce_mean(tf.square(pred - y))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    counts = (pred.numpy() * SCALE["k"]).astype(np.int32)
    small = (pred.numpy() * SCALE["k"] * SCALE["wide"]).astype(np.int8)
    return loss, counts, small


for i in range(30):
    if i == 15:
        SCALE["k"] = -25.5
    if i == 22:
        SCALE["wide"] = 9.0
    x = tf.constant(rng.normal(size=(4, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(4, 1)).astype(np.float32))
    loss, counts, small = train_step(x, y)
    print(i, repr(float(loss)), counts.ravel().tolist(), small.ravel().tolist(),
          counts.dtype, small.dtype)
print(json.dumps(w.numpy().ravel().tolist()))
