"""Batches of five different sizes in an irregular order (7, 12, 5, 12, 9, 3, 7, 12, ...,
with a partial last batch of 2 at the end of each pass).  The step reads n = x.shape[0],
m = int(tf.shape(x)[0]) and len(x), pads an odd batch to even with its first row (Python
`if n % 2`), splits it into two halves with tf.split, draws per-row noise with
np.random.normal(size=(n_even, 1)) (a numpy draw whose size comes from the batch), and
scales the loss by 1 / sqrt(n) computed in Python.  It prints the sizes, the halves'
shapes as tuples and the noise sum.  Probes: Python ints from static and dynamic shapes
in Python control flow and as numpy draw sizes, across more batch sizes than a graph
keeps exact."""
import random

import numpy

random.seed(392)
numpy.random.seed(392)

import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3812)
rng = np.random.default_rng(3812)
XS = rng.normal(size=(200, 3)).astype(np.float32)
YS = (XS[:, :1] ** 2 - XS[:, 2:]).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.2)
B = tf.Variable(np.zeros((1,), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.03)
SIZES = [7, 12, 5, 12, 9, 3, 7, 12, 5, 9, 12, 3, 2]


def train_step(x, y):
    n = x.shape[0]
    m = int(tf.shape(x)[0])
    ln = len(x)
    if n % 2:
        x = tf.concat([x, x[:1]], axis=0)
        y = tf.concat([y, y[:1]], axis=0)
    n_even = x.shape[0]
    xa, xb = tf.split(x, 2)
    ya, yb = tf.split(y, 2)
    noise = tf.cast(np.random.normal(0.0, 0.05, size=(n_even // 2, 1)), tf.float32)
    scale = 1.0 / math.sqrt(n)
    with tf.GradientTape() as tape:
        la = tf.reduce_mean(tf.square(xa @ W + B + noise - ya))
        lb = tf.reduce_mean(tf.square(xb @ W + B - yb))
        loss = (la + lb) * scale
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss, (n, m, ln, n_even, tuple(xa.shape), tuple(xb.shape), repr(float(tf.reduce_sum(noise))))


pos = 0
for step in range(2 * len(SIZES)):
    s = SIZES[step % len(SIZES)]
    if pos + s > len(XS):
        pos = 0
    loss, info = train_step(tf.constant(XS[pos:pos + s]), tf.constant(YS[pos:pos + s]))
    pos += s
    print(step, repr(float(loss)), info)

print(json.dumps({
    "W": W.numpy().ravel().tolist(), "B": B.numpy().ravel().tolist(),
    "np_state": numpy.random.get_state()[1][:4].tolist(), "iterations": int(OPT.iterations),
}))
