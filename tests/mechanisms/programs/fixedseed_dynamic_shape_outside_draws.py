"""tf.random.normal with the op's own seed (seed=3) twice in the step, on the batch's
shape (8 or 5 rows), and tf.nn.dropout with seed=11.  Eager continues one cached kernel
per op and seed across calls; the loop also draws from the seed=3 stream between steps,
and tf.random.set_seed at step 20 starts every stream again."""
import random

import numpy as np
import tensorflow as tf

random.seed(0)          # the oracle compares the states of Python's and numpy's generators
np.random.seed(0)

tf.random.set_seed(41)
rng = np.random.default_rng(41)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


def train_step(x, y):
    noise = tf.random.normal(tf.shape(x), seed=3) * 0.1
    more = tf.random.normal(tf.shape(x), seed=3) * 0.01
    with tf.GradientTape() as tape:
        h = tf.nn.dropout(x + noise + more, rate=0.25, seed=11)
        loss = tf.reduce_mean(tf.square(h @ w - y))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, noise


for i in range(28):
    if i == 20:
        tf.random.set_seed(41)
    rows = 8 if i % 3 else 5
    loss, noise = train_step(tf.constant(rng.normal(size=(rows, 3)).astype(np.float32)),
                             tf.constant(rng.normal(size=(rows, 1)).astype(np.float32)))
    print(i, repr(float(loss)), noise.numpy()[0].tolist())
    if i % 7 == 4:
        print("outside", tf.random.normal([2], seed=3).numpy().tolist())
print(w.numpy().ravel().tolist())
