"""The step trains on a window of feature columns, x[:, WINDOW], with WINDOW a slice
object from the program's config.  At step 15 the loop recomputes the window from a
ratio, WINDOW = slice(0, N_FEATURES * 0.8) = slice(0, 4.0): equal to slice(0, 4)
(slices compare as tuples and 4 == 4.0), but TensorFlow's indexing refuses a float
bound with TypeError, which the step catches (it then trains on all columns, padding
the weight rows it lacks).  At step 23 the window becomes slice(0, 3).  Probes: a
guard on a slice object that compares equal to the old one."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2728)
numpy.random.seed(2728)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27281)
rng = np.random.default_rng(27281)
N_FEATURES = 5
XS = rng.normal(size=(64, N_FEATURES)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(N_FEATURES, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
WINDOW = slice(0, 4)
FALLBACK = [0]


def train_step(x, y):
    try:
        cols = x[:, WINDOW]
    except TypeError:
        FALLBACK[0] += 1
        cols = x
    k = cols.shape[1]
    with tf.GradientTape() as tape:
        h = tf.tanh(cols @ W1[:k])
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, k


for step in range(30):
    if step == 15:
        WINDOW = slice(0, N_FEATURES * 0.8)
    if step == 23:
        WINDOW = slice(0, 3)
    i = (step * 8) % 56
    loss, k = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), k, FALLBACK[0], WINDOW == slice(0, 4))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
