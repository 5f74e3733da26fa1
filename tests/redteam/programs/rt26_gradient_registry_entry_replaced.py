"""At step 10 the program replaces TF's registered gradient function for "Tanh" in the
gradient registry (ops._gradient_registry._registry["Tanh"]["type"], a dict held by a
Registry object) with one that halves the gradient (a fine-tuning trick to damp a
saturating layer); at step 20 it puts the original back.  Eager's tape looks the
gradient function up by op name every time it computes a gradient, so steps 10-19 train
with the damped gradient.  Probes: a registry dict held by a TF object (not a
module-level dict), read while the backward pass is built."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(26)
numpy.random.seed(26)

import json

import numpy as np
import tensorflow as tf
from tensorflow.python.framework import ops

rng = np.random.default_rng(2615)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)

ENTRY = ops._gradient_registry._registry["Tanh"]
ORIG = ENTRY["type"]


def damped_tanh_grad(op, grad):
    return 0.5 * ORIG(op, grad)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    return loss, tf.reduce_sum(tf.abs(g1))


for step in range(30):
    if step == 10:
        ENTRY["type"] = damped_tanh_grad
    if step == 20:
        ENTRY["type"] = ORIG
    i = (step * 8) % 56
    loss, gn = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(gn)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
