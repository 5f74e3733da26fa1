"""Gradient statistics computed with Python's math module on per-layer floats the graph
computes: `math.hypot(*norms)` for the global norm, `math.fsum(sq)` for an exactly
rounded sum, `math.prod(scales)`, and `sum(sq)` (CPython's compensated float sum)
compared against them; the clip factor is built from `math.hypot`.  At step 12 a
third parameter tensor joins the list (the loop sets `USE_BIAS2 = True`).  janus runs
math functions of carried floats by Python's own functions at run time; results must
be eager's to the last bit."""
import random

import numpy

random.seed(162)
numpy.random.seed(162)

import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4362)
rng = np.random.default_rng(4362)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1] * 2.0) + 0.3).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5)
B1 = tf.Variable(np.zeros((6,), np.float32))
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)
B2 = tf.Variable(np.zeros((1,), np.float32))
USE_BIAS2 = False


def train_step(x, y):
    params = [W1, B1, W2] + ([B2] if USE_BIAS2 else [])
    with tf.GradientTape() as tape:
        out = tf.tanh(x @ W1 + B1) @ W2 + (B2 if USE_BIAS2 else 0.0)
        loss = tf.reduce_mean(tf.square(out - y))
    grads = tape.gradient(loss, params)
    norms = [float(tf.norm(g)) for g in grads]
    sq = [n * n for n in norms]
    total = math.hypot(*norms)
    exact = math.fsum(sq)
    naive = sum(sq)
    scale = math.prod([min(1.0, 1.0 / (total + 1e-12)), 0.5, 2.0])
    for p, g in zip(params, grads):
        p.assign_sub(0.1 * scale * g)
    return loss, total, exact, naive, scale


for step in range(30):
    if step == 12:
        USE_BIAS2 = True
    i = (step * 8) % 88
    loss, total, exact, naive, scale = train_step(tf.constant(XS[i:i + 8]),
                                                  tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(total), repr(exact), repr(naive), repr(scale))

print(json.dumps({"W2": [repr(float(v)) for v in W2.numpy().ravel()]}))
