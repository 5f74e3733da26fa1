"""tf.map_fn over the rows of a batch that is sometimes empty (all rows filtered out):
eagerly map_fn's result TensorArray has no element shape when nothing was written, and
its stack() of an empty Python list gives shape (0,) (rank 1), so the step's Python
branch on feats.shape.rank takes the "empty" path (a weight-decay-only loss).  TF's
graph map_fn knows the element shape from tracing the function and stacks to (0, 3),
which would send the step down the matmul path (a mean over no rows: NaN).  Batch
sizes cycle through 4, 0, 5, 3, 6, 0, 2; the global SHARP read by the mapped function
changes at step 15.  Probes: library loops with zero iterations, static shapes of their
results, Python decisions on them."""
import random

import numpy

random.seed(3731)
numpy.random.seed(3731)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3731)
rng = np.random.default_rng(3731)
XS = rng.normal(size=(80, 3)).astype(np.float32)
YS = rng.normal(size=(80, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SIZES = [4, 0, 5, 3, 6, 0, 2]
SHARP = 2.0


def per_row(r):
    return tf.tanh(r * SHARP)


def train_step(x, y):
    with tf.GradientTape() as tape:
        feats = tf.map_fn(per_row, x)
        rank = feats.shape.rank
        if rank == 2:
            loss = tf.reduce_mean(tf.square(feats @ W - y)) + 0.01 * tf.reduce_sum(tf.square(W))
        else:
            loss = 0.01 * tf.reduce_sum(tf.square(W))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, rank, tuple(feats.shape)


for step in range(28):
    if step == 15:
        SHARP = 1.0
    b = SIZES[step % len(SIZES)]
    j = (step * 5) % 70
    loss, rank, shp = train_step(tf.constant(XS[j:j + b]), tf.constant(YS[j:j + b]))
    print(step, b, float(loss).hex(), rank, shp)

print("final", [float(v).hex() for v in W.numpy().ravel()], SHARP)
