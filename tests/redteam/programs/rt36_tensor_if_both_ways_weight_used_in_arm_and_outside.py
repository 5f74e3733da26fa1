"""A branch on a tensor (`if tf.reduce_mean(h) > THRESH:`) that goes both ways during
profiling, so janus makes it a tf.cond.  W is read once before the branch and twice
inside each arm (two column slices, plus a product of itself).  Eagerly the arm's ops
are recorded on the tape like any others and W's gradient is one flat sum of all its
uses; a graph's If op has its own gradient function that first sums the arm's
contributions and hands that one term to the outer sum, which rounds otherwise when
three or more float32 terms meet.  At step 14 THRESH (a Python float the guards pin)
moves from 0.0 to 0.15 so the graph is rebuilt and the branch's balance shifts."""
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

keras.utils.set_random_seed(3609)
rng = np.random.default_rng(3609)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.tanh(XS[:, :2] * 1.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 6)).astype(np.float32) * 0.4)
V = tf.Variable(rng.normal(size=(6, 2)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
THRESH = 0.0
ARMS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W)
        if tf.reduce_mean(h) > THRESH:
            a = tf.tanh(h @ W[:, :3])
            b = tf.sigmoid(h @ W[:, 3:])
            h2 = tf.concat([a, b], axis=1) + h @ (W * W)
        else:
            a = tf.sigmoid(h @ W[:, 3:])
            b = tf.tanh(h @ W[:, :3])
            h2 = tf.concat([b, a], axis=1) - h @ (W * 0.5)
        loss = tf.reduce_mean(tf.square(h2 @ V - y))
    grads = tape.gradient(loss, [W, V])
    OPT.apply_gradients(zip(grads, [W, V]))
    return loss, grads[0]


for step in range(32):
    if step == 14:
        THRESH = 0.15
    i = (step * 8) % 56
    x = XS[i:i + 8] * (1.0 if step % 3 else -1.0)
    loss, gw = train_step(tf.constant(x), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), [float(v).hex() for v in gw.numpy().ravel()[:4]], THRESH)

print(json.dumps({
    "W": [float(v).hex() for v in W.numpy().ravel()[:8]],
    "V": [float(v).hex() for v in V.numpy().ravel()],
}))
