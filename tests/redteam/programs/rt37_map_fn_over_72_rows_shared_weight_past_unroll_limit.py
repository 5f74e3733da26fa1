"""tf.map_fn runs a module-level function over the 72 rows of a batch; the function uses
the weight W twice per row, and the step uses W again on the stacked result.  72 rows is
more than a 64-iteration unrolling limit, so a graph keeps map_fn's While op, whose
backward pass accumulates W's per-row gradients iteration by iteration and adds the use
outside afterwards; eagerly map_fn is a Python loop and the tape sums all 145 uses of W
at once.  At step 12 the global SHIFT read inside the mapped function changes, and at
step 20 the batch grows to 80 rows.  Probes: library loops (map_fn) longer than an
unrolling limit, gradient summation order."""
import random

import numpy

random.seed(3703)
numpy.random.seed(3703)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3703)
rng = np.random.default_rng(3703)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = rng.normal(size=(96, 5)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 5)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.01)
SHIFT = 0.25
ROWS = 72


def per_row(r):
    h = tf.tanh(tf.linalg.matvec(W, r) + SHIFT)
    return tf.linalg.matvec(W, h, transpose_a=True)


def train_step(x, y):
    with tf.GradientTape() as tape:
        z = tf.map_fn(per_row, x)
        loss = tf.reduce_mean(tf.square(z @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, g


for step in range(26):
    if step == 12:
        SHIFT = -0.5
    if step == 20:
        ROWS = 80
    j = step % 16
    loss, g = train_step(tf.constant(XS[j:j + ROWS]), tf.constant(YS[j:j + ROWS]))
    print(step, ROWS, float(loss).hex(), float(tf.reduce_sum(g)).hex(), float(g[0, 0]).hex())

print("final", [float(v).hex() for v in W.numpy().ravel()[:10]], SHIFT, ROWS)
