"""Per-row updates in a loop whose bound is off by one for some batches: the function loops
`for i in tf.range(n)` where n is the batch size plus 1 when the batch's mean target is
high (a planted bug), applies `W.assign_sub(...)` for row i and increments a counter
variable; reading `tf.gather(x, i)` past the last row raises InvalidArgumentError
eagerly after the updates of the earlier rows landed.  The outer loop catches the error
and prints the weights' sum and the counter.  Probes: a TF op failing in a later
iteration of a loop on a tensor after variable writes in earlier iterations of the same
call (partial updates that eager keeps)."""
import random

import numpy

random.seed(86)
numpy.random.seed(86)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4045)
rng = np.random.default_rng(4045)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + 0.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
ROWS = tf.Variable(0)


def online(x, y):
    n = tf.shape(x)[0] + tf.cast(tf.reduce_mean(y) > 0.35, tf.int32)
    tot = tf.constant(0.0)
    for i in tf.range(n):
        xi = tf.gather(x, [i])
        yi = tf.gather(y, [i])
        with tf.GradientTape() as tape:
            l = tf.reduce_sum(tf.square(xi @ W - yi))
        W.assign_sub(0.05 * tape.gradient(l, W))
        ROWS.assign_add(1)
        tot += l
    return tot


for step in range(30):
    i = (step * 8) % 96
    try:
        tot = online(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(tot)), int(ROWS.numpy()))
    except tf.errors.InvalidArgumentError as e:
        print(step, "caught", type(e).__name__, repr(float(tf.reduce_sum(W))), int(ROWS.numpy()))

print("W", [repr(float(v)) for v in W.numpy().ravel()], int(ROWS.numpy()))
