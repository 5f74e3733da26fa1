"""The step picks its learning-rate multiplier from a Python table, RATES[int(k)] with
k = tf.argmax(scores, axis=0), where scores are per-group input statistics.  int() of
an EagerTensor asks numpy, which (numpy 2.5) converts only a 0-d array: a 0-d k works,
a k of shape (1,) raises TypeError ("only 0-dimensional arrays can be converted to
Python scalars").  The step catches the TypeError and uses the first rate.  At step 15
the loop sets KEEP = True, and the step reshapes the scores to a (3, 1) column, so the
argmax along axis 0 has shape (1,).  Probes: int() of an integer tensor of rank 1 that
the graph computes, used as a table index."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2718)
numpy.random.seed(2718)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27181)
rng = np.random.default_rng(27181)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(6, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
RATES = [1.0, 0.5, 0.25]
KEEP = False
MISSES = [0]


def train_step(x, y):
    groups = tf.reshape(tf.square(x), [-1, 3, 2])
    scores = tf.reduce_mean(groups, axis=[0, 2], keepdims=False)
    if KEEP:
        scores = tf.reshape(scores, [3, 1])
    k = tf.argmax(scores, axis=0)
    try:
        mult = RATES[int(k)]
    except TypeError:
        MISSES[0] += 1
        mult = RATES[0]
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = mult * tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, mult


for step in range(30):
    if step == 15:
        KEEP = True
    i = (step * 8) % 56
    loss, mult = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(mult), MISSES[0])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
