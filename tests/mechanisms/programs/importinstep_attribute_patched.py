"""The step imports `math` and calls `math.sqrt`; at step 8 the loop replaces
`math.sqrt` with a function of its own, at step 14 it puts the original back.  The
imported module's attribute is read where eager reads it."""
import math
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(7)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
ORIGINAL = math.sqrt


def train_step(x, k):
    import math
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w)) * math.sqrt(k)
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss


for i in range(20):
    if i == 8:
        math.sqrt = lambda v: v / 2.0
    if i == 14:
        math.sqrt = ORIGINAL
    loss = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)), 4.0)
    print(i, repr(float(loss)))
print(w.numpy().ravel().tolist())
