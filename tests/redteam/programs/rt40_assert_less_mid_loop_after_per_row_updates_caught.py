"""Online learning with a divergence guard: a function loops `for i in tf.range(n)` over the
rows of a batch, applies a per-row `W.assign_sub(lr * g)` (the row's gradient from a
tape opened in the body), and then, still inside the body, checks
`tf.debugging.assert_less(l, LIMIT)`, which raises InvalidArgumentError for a row whose
loss exceeds the limit.  Eagerly the
rows before the failing one have been applied when the exception leaves; the outer loop
catches it, prints the step and the weights' sum, and goes on.  Rows with huge targets
are planted in some batches.  Probes: a TF assertion failing in the body of a loop on a
tensor after variable writes made by earlier iterations of the same call."""
import random

import numpy

random.seed(71)
numpy.random.seed(71)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4031)
rng = np.random.default_rng(4031)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.5).astype(np.float32)
YS[21] = 40.0
YS[60] = -35.0
YS[85] = 50.0
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
LIMIT = 100.0


def online(x, y):
    tot = tf.constant(0.0)
    for i in tf.range(tf.shape(x)[0]):
        with tf.GradientTape() as tape:
            l = tf.reduce_sum(tf.square(x[i:i + 1] @ W - y[i:i + 1]))
        g = tape.gradient(l, W)
        W.assign_sub(0.02 * g)
        tf.debugging.assert_less(l, LIMIT, message="row diverged")
        tot += l
    return tot


for step in range(30):
    i = (step * 8) % 96
    try:
        tot = online(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(tot)))
    except tf.errors.InvalidArgumentError as e:
        print(step, "caught", type(e).__name__, repr(float(tf.reduce_sum(W))))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
