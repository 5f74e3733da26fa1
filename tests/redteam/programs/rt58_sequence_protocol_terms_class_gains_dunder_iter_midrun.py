"""Plain tf.Variable two-layer network whose step sums regularisation terms by
iterating a program `Terms` object that only implements the old sequence protocol
(`__getitem__` raising IndexError at the end; no `__iter__`).  Mid-run the class gains
an `__iter__` that yields only the first two coefficients (step 8), one that yields them
reversed with a doubled last one (step 15), and loses it again (step 23); the list the
object wraps is extended in place at step 27.
Probes: `for` over a program object whose iteration protocol is a class-level choice
(`__iter__` vs `__getitem__`) changed through the class dict."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5807)
rng = np.random.default_rng(5807)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = np.tanh(XS @ np.array([[1.0], [0.5], [-0.7], [0.2]], np.float32)).astype(np.float32)

W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.5)


class Terms:
    def __init__(self, coefs):
        self.coefs = coefs

    def __getitem__(self, i):
        return self.coefs[i]


TERMS = Terms([0.01, 0.003, 0.02])


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = tf.tanh(x @ W1) @ W2
        loss = tf.reduce_mean(tf.square(pred - y))
        n = 0
        for c in TERMS:
            loss = loss + c * tf.reduce_sum(tf.square(W1 if n % 2 == 0 else W2))
            n += 1
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    return loss, n


def first_two(self):
    return iter(self.coefs[:2])


def reversed_doubled(self):
    out = list(reversed(self.coefs))
    out[-1] = out[-1] * 2
    return iter(out)


for step in range(32):
    if step == 8:
        Terms.__iter__ = first_two
    if step == 15:
        Terms.__iter__ = reversed_doubled
    if step == 23:
        del Terms.__iter__
    if step == 27:
        TERMS.coefs.append(0.05)
    i = (step * 8) % 120
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), n)

print(json.dumps({"w2": [repr(float(v)) for v in W2.numpy().ravel()]}))
