"""Per-example SGD written by hand: a function loops `for i in tf.range(n)` over the first
n rows of the batch (n decided by the data), and in each iteration opens a new
GradientTape, computes that row's loss with the current W, takes the gradient, applies
`W.assign_sub(lr * g)`, then reads W back in the same iteration to compute the row's
post-update loss, which is summed into a carried tensor; a step counter variable is
`assign_add`ed per row.  After the loop the function returns the sums.  Probes: a tape
opened and used inside the body of a loop on a tensor, variable writes read back within
the same iteration and by the next one."""
import random

import numpy

random.seed(48)
numpy.random.seed(48)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4009)
rng = np.random.default_rng(4009)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (np.tanh(XS @ np.array([[0.5], [-0.3], [0.8], [0.1]], np.float32))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
ROWS = tf.Variable(0, dtype=tf.int64)
LR = 0.1


def online_step(x, y):
    n = 1 + tf.reduce_sum(tf.cast(y[:, 0] > 0.0, tf.int32))
    before = tf.constant(0.0)
    after = tf.constant(0.0)
    for i in tf.range(n):
        with tf.GradientTape() as tape:
            l = tf.reduce_sum(tf.square(tf.tanh(x[i:i + 1] @ W) - y[i:i + 1]))
        g = tape.gradient(l, W)
        W.assign_sub(LR * g)
        l2 = tf.reduce_sum(tf.square(tf.tanh(x[i:i + 1] @ W) - y[i:i + 1]))
        ROWS.assign_add(1)
        before += l
        after += l2
    return before, after, n


for step in range(30):
    i = (step * 8) % 96
    b, a, n = online_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, int(n), repr(float(b)), repr(float(a)), int(ROWS.numpy()))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
