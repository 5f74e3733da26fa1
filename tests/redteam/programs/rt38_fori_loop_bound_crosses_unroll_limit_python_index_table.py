"""The step computes a per-batch weighting with keras.ops.fori_loop(0, N_ITERS, body, v)
outside the tape: the body indexes a Python list COEF with `i % 3` (eagerly i is a Python
int: TF's eager while_loop is a Python loop) and decays a tensor.  N_ITERS (a module
global) starts at 40, becomes 70 at step 10 (past a 64-iteration unroll), 3 at step 18,
and 65 at step 24; COEF's items are edited in place at step 14.  The weight multiplies the
loss.  Probes: a library loop whose trip count is a global that crosses an unroll limit,
with a body that indexes a Python list by the loop counter."""
import random

import numpy

random.seed(394)
numpy.random.seed(394)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3814)
rng = np.random.default_rng(3814)
XS = rng.normal(size=(40, 4)).astype(np.float32)
YS = (XS[:, 1:2] - XS[:, 2:3] * XS[:, 0:1]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)
N_ITERS = 40
COEF = [0.5, -0.25, 0.125]


def body(i, v):
    return v * 0.97 + COEF[i % 3] * 0.01


def train_step(x, y):
    weight = keras.ops.fori_loop(0, N_ITERS, body, tf.reduce_mean(tf.abs(x)))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + weight)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, weight


for step in range(30):
    if step == 10:
        N_ITERS = 70
    elif step == 14:
        COEF[1] = 0.75
    elif step == 18:
        N_ITERS = 3
    elif step == 24:
        N_ITERS = 65
    i = (step * 8) % 40
    loss, weight = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(weight)))

print(json.dumps({"W": W.numpy().ravel().tolist(), "coef": COEF, "iters": N_ITERS}))
