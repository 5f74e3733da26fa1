"""Draws with an op seed of their own (`seed=5`, `seed=9`) reuse eager's cached random
kernel, whose Philox stream goes on from call to call by however many samples each
draw reserved; that depends on the dtype (float64 normals take two 32-bit words per
sample pair differently from float32) and on odd element counts (samples are taken in
groups of four).  The step draws a float64 normal noise of N elements, a float32
uniform of N+1 and a truncated normal of 3 (shape fixed), all with fixed op seeds;
N is the batch's row count times 3.  At step 11 the batch grows from 7 to 9 rows (odd
counts both), at step 21 the global NOISE scale (a Python float) changes."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3610)
rng = np.random.default_rng(3610)
XS = rng.normal(size=(90, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 3)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
NOISE = 0.05


def train_step(x, y):
    n = tf.shape(x)[0]
    e64 = tf.random.normal([n * 3], dtype=tf.float64, seed=5)
    u = tf.random.uniform([n * 3 + 1], seed=9)
    t = tf.random.truncated_normal([3], seed=13)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1 + tf.reshape(tf.cast(e64, tf.float32), [-1, 3]) * NOISE + t * NOISE)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) + tf.reduce_mean(u) * NOISE
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, tf.reduce_sum(e64), tf.reduce_sum(u), tf.reduce_sum(t)


B = 7
for step in range(30):
    if step == 11:
        B = 9
    if step == 21:
        NOISE = 0.1
    i = (step * 9) % 80
    loss, se, su, st = train_step(tf.constant(XS[i:i + B]), tf.constant(YS[i:i + B]))
    print(step, float(loss).hex(), float(se).hex(), float(su).hex(), float(st).hex(), B)

print(json.dumps({
    "W1": [float(v).hex() for v in W1.numpy().ravel()[:8]],
    "W2": [float(v).hex() for v in W2.numpy().ravel()],
    "after": [float(v).hex() for v in tf.random.normal([3], dtype=tf.float64, seed=5).numpy()],
}))
