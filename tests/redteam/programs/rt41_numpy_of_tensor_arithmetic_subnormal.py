"""The step logs a scaled copy of its per-feature gradient magnitudes through numpy:
`g_np = tf.abs(g).numpy()` then `tiny = g_np * 1e-40` (numpy float32 arithmetic,
which keeps subnormal results), and it returns `tiny`.  The loop prints its values
and `bool(tiny[0, 0])`.  A graph that does this arithmetic with TF
kernels flushes the subnormals to zero.  Probes: numpy arithmetic on `.numpy()` of a
tensor the step computes."""
import random

import numpy

random.seed(31)
numpy.random.seed(31)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4124)
rng = np.random.default_rng(4124)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 2:3] * 0.7).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    g_np = tf.abs(g).numpy()
    tiny = g_np * 1e-40
    return loss, tiny


for step in range(30):
    i = (step * 8) % 56
    loss, tiny = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [repr(float(v)) for v in tiny.ravel()], bool(tiny[0, 0]))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
