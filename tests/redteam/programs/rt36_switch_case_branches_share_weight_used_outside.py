"""The step calls `tf.switch_case(idx, branch_fns)` explicitly, where idx is a tensor
computed from the batch and each branch function (program closures over W) reads the
weight W twice; W is also read before the switch.  Eagerly tf.switch_case runs only
the selected Python branch and the tape records its ops like any others, so W's
gradient is one flat sum of its three uses; in a graph the Case op's gradient function
sums the branch's two uses and hands one term to the outer sum: another association
of float32 additions.  At step 12 the global MIX (a Python float the branches read)
changes from 0.5 to 0.25."""
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

keras.utils.set_random_seed(3627)
rng = np.random.default_rng(3627)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.tanh(XS[:, :2] * 1.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 6)).astype(np.float32) * 0.4)
V = tf.Variable(rng.normal(size=(6, 2)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
MIX = 0.5


def b0(h):
    return tf.tanh(h @ W) + MIX * (h @ (W * W))


def b1(h):
    return tf.sigmoid(h @ W[:, ::-1]) - MIX * tf.tanh(h @ W)


def b2(h):
    return tf.tanh(h @ tf.transpose(W)) * tf.sigmoid(h @ W)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W)
        idx = tf.cast(tf.math.floormod(tf.reduce_sum(tf.sign(x[:, 0])) + 8.0, 3.0), tf.int32)
        h2 = tf.switch_case(idx, [lambda: b0(h), lambda: b1(h), lambda: b2(h)])
        loss = tf.reduce_mean(tf.square(h2 @ V - y))
    grads = tape.gradient(loss, [W, V])
    OPT.apply_gradients(zip(grads, [W, V]))
    return loss, idx, grads[0]


for step in range(30):
    if step == 12:
        MIX = 0.25
    i = (step * 8) % 56
    loss, idx, gw = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), int(idx), [float(v).hex() for v in gw.numpy().ravel()[:3]], MIX)

print(json.dumps({
    "W": [float(v).hex() for v in W.numpy().ravel()[:8]],
    "V": [float(v).hex() for v in V.numpy().ravel()],
}))
