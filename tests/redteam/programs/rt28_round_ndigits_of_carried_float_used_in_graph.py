"""The step quantizes a Python float it computes from the loop's step t to two decimals,
q = round(BASE + 0.01 * (t % 5), 2), and uses q inside the loss (a tensor op), and also
prints it.  Python's round(x, 2) rounds the exact binary value through decimal digits
(round(0.015, 2) == 0.01, round(0.045, 2) == 0.04), which a scaled tf.round differs from
(0.015 * 100 == 1.5 rounds to 2).  At step 15 the loop moves BASE from 0.1 to 0.005, onto
the half-way cases.  Probes: round(x, n) of a number the graph carries, needed inside the
graph rather than only after it."""
import random

import numpy

random.seed(2851)
numpy.random.seed(2851)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2851)
rng = np.random.default_rng(2851)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BASE = 0.1


def train_step(x, y, t):
    q = round(BASE + 0.01 * (t % 5), 2)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * (1.0 + q)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, q


for step in range(30):
    if step == 15:
        BASE = 0.005
    i = (step * 8) % 56
    loss, q = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), repr(q))

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
