"""Mechanism: a table kept as a list of row lists, `MIX = [[...], [...]]` (a 2x3 mixing
matrix), and a tuple `PAIR = (MIX[0], OFFS)` holding one row and an offsets list.  The step
writes into an INNER row (`MIX[r][c] = MIX[r][c] * 0.8`, r and c from a counter dict the
step also advances) and then, in the same call, converts the whole table in C:
`tf.constant(MIX)` and `tf.constant(PAIR)` feed the forward pass.  The loop
resets a row at step 15 and rewrites OFFS in place at step 23.  Eager's conversions see
the row write just made; a build that handed the caller's nested lists (whose writes are
deferred to the commit) to the converter reads the matrix from before the call.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(71)
np.random.seed(71)
keras.utils.set_random_seed(71)
rng = np.random.default_rng(71)
XS = rng.normal(size=(64, 2)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + 0.3).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
V = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)

MIX = [[1.0, 0.5, -0.5], [0.25, 1.0, 0.75]]
OFFS = [0.0, 0.1, -0.1]
PAIR = (MIX[0], OFFS)
CUR = {"k": 0}


def train_step(x, y):
    k = CUR["k"]
    r, c = divmod(k, 3)
    MIX[r][c] = MIX[r][c] * 0.8
    CUR["k"] = (k + 1) % 6
    m = tf.constant(MIX)
    p = tf.constant(PAIR)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ m)
        h2 = tf.tanh(x @ m[:, ::-1] + p[1])
        loss = tf.reduce_mean(tf.square(h @ W + (h2 * p[0]) @ V - y))
    grads = tape.gradient(loss, [W, V])
    OPT.apply_gradients(zip(grads, [W, V]))
    return loss, float(tf.reduce_sum(m)), float(tf.reduce_sum(p))


for step in range(30):
    if step == 15:
        MIX[1][:] = [0.25, 1.0, 0.75]
    if step == 23:
        OFFS[:] = [0.2, 0.2, 0.2]
    i = (step * 8) % 56
    loss, ms, ps = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(ms), repr(ps))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "V": [repr(float(v)) for v in V.numpy().ravel()],
                  "mix": [[repr(v) for v in row] for row in MIX]}))
