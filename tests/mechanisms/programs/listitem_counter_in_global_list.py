"""A step counts its calls and its large losses in a global list (`COUNTS[0] += 1`,
`COUNTS[1] += 1` on a tensor test the loop reads back), the way a closure-free counter
is often written.  The items change at every call: they are read when the call runs
and written back at commit, the rest of the list left where it is."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(71)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
COUNTS = [0, 0, "calls, large losses"]


def train_step(x, y):
    COUNTS[0] += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w - y))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss


for i in range(30):
    x = tf.constant(rng.normal(size=(4, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(4, 1)).astype(np.float32))
    loss = train_step(x, y)
    if float(loss) > 1.0:
        COUNTS[1] += 1
    print(i, repr(float(loss)), COUNTS)
print(json.dumps(w.numpy().ravel().tolist()))
