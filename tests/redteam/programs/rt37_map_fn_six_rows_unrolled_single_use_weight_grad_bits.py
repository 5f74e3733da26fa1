"""tf.map_fn over the 6 rows of each batch (a trip count known while building, so a graph
may run map_fn's loop iteration by iteration as eager does) with a module-level function
that uses the weight W exactly once per row (a matvec) and nowhere else.  Eagerly the
rows' outputs go through map_fn's Python-list TensorArray and a Pack; the tape then sums
W's six per-row gradients.  The step prints each gradient element's bits, so any other
order of that sum shows.  At step 12 the global GAIN read in the mapped function changes,
and at step 20 the batch grows to 7 rows.  Probes: library loops run while building,
bit-exact gradients through map_fn's TensorArrays."""
import random

import numpy

random.seed(3734)
numpy.random.seed(3734)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3734)
rng = np.random.default_rng(3734)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
GAIN = 1.0
ROWS = 6


def per_row(r):
    return tf.tanh(GAIN * tf.linalg.matvec(W, r, transpose_a=True))


def train_step(x, y):
    with tf.GradientTape() as tape:
        z = tf.map_fn(per_row, x)
        loss = tf.reduce_mean(tf.square(z - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, g


for step in range(28):
    if step == 12:
        GAIN = 0.7
    if step == 20:
        ROWS = 7
    j = (step * 5) % 80
    loss, g = train_step(tf.constant(XS[j:j + ROWS]), tf.constant(YS[j:j + ROWS]))
    print(step, float(loss).hex(), [float(v).hex() for v in g.numpy().ravel()[:4]])

print("final", [float(v).hex() for v in W.numpy().ravel()], GAIN, ROWS)
