"""A Python `while i < LIMIT:` loop whose counter starts as tf.constant(0) and compares
with a Python int, which looks like a loop no data decides; but the counter's stride is
1 + (sum of the current row > 0), computed from the batch, so the trip count varies per
call (between LIMIT/2 and LIMIT iterations).  A graph that decides this loop while
building, iteration by iteration, would bake the trip count of the data it was built
with.  The loop also counts its iterations in a Python int, printed per step.  LIMIT
changes from 6 to 9 at step 13.  Probes: loops whose test looks static but whose carried
counter depends on data."""
import random

import numpy

random.seed(3712)
numpy.random.seed(3712)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3712)
rng = np.random.default_rng(3712)
XS = rng.normal(size=(12, 64, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.02)
LIMIT = 6


def train_step(x):
    with tf.GradientTape() as tape:
        i = tf.constant(0)
        h = tf.zeros([4, 3])
        iters = 0
        while i < LIMIT:
            row = x[i]
            h = tf.tanh(row @ W + h)
            i = i + 1 + tf.cast(tf.reduce_sum(row) > 0.0, tf.int32)
            iters += 1
        loss = tf.reduce_mean(tf.square(h - 0.3))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, iters, i


for step in range(26):
    if step == 13:
        LIMIT = 9
    j = (step * 4) % 60
    loss, iters, i = train_step(tf.constant(XS[:, j:j + 4]))
    print(step, LIMIT, float(loss).hex(), iters, int(i))

print("final", [float(v).hex() for v in W.numpy().ravel()], LIMIT)
