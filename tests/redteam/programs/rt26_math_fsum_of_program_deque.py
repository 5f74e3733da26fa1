"""The step normalises its loss by math.fsum(WINDOW) / len(WINDOW), where WINDOW is a
collections.deque(maxlen=4) of recent Python-float losses that the loop appends to after
every step (math.fsum, a C function, iterates the deque natively).  At step 10 the loop
also overwrites WINDOW[0] in place, and at step 20 clears it and refills it with 1.0.
Probes: a C math function handed a program container that changes between calls."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(26)
numpy.random.seed(26)

import collections
import json
import math

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(2625)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
WINDOW = collections.deque([0.5, 0.5, 0.5, 0.5], maxlen=4)


def train_step(x, y):
    norm = math.fsum(WINDOW) / len(WINDOW)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) / norm
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    return loss, norm


for step in range(30):
    if step == 10:
        WINDOW[0] = 3.0
    if step == 20:
        WINDOW.clear()
        WINDOW.extend([1.0, 1.0, 1.0, 1.0])
    i = (step * 8) % 56
    loss, norm = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(norm))
    WINDOW.append(round(float(loss), 3))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
