"""The step hands deeply nested program containers to library code that reads them in
C: `tf.constant(MIX)` of a six-level nested list (shape (1, 1, 2, 1, 1, 3)) of mixing
weights, `tf.nest.flatten(COEF)` of a five-level dict tree whose leaves are in a list at
the bottom, and `np.asarray(BIAS, np.float32)` of a five-level list.  The loop edits the
innermost numbers in place (MIX at step 7, COEF at step 12, BIAS at step 17), replaces
an inner list at level 3 at step 22, and appends a leaf at the bottom of COEF at step
27 (the flattened vector grows and the step takes `[:2]`).  Probes: guards on the
contents of program containers that library code reads natively, beyond a few levels
of nesting."""
import random

import numpy

random.seed(5612)
numpy.random.seed(5612)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5612)
rng = np.random.default_rng(5612)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = np.stack([XS[:, 0] - XS[:, 1], np.sin(XS[:, 2]), XS[:, 3] ** 2], axis=1).astype(np.float32)

MIX = [[[[[[0.2, 0.3, 0.5]]], [[[0.1, 0.1, 0.8]]]]]]
COEF = {"a": {"b": {"c": {"d": {"e": [0.5, 1.5]}}}}}
BIAS = [[[[[0.0, 0.1, -0.1]]]]]

W = tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    mix = tf.reshape(tf.constant(MIX), (2, 3))
    coef = tf.constant(tf.nest.flatten(COEF)[:2])
    bias = np.asarray(BIAS, np.float32).reshape(3)
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, W) + bias
        err = tf.square(pred - y)
        loss = coef[0] * tf.reduce_mean(err * mix[0]) + coef[1] * tf.reduce_mean(err * mix[1])
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss


for step in range(32):
    if step == 7:
        MIX[0][0][1][0][0][2] = 0.4
    if step == 12:
        COEF["a"]["b"]["c"]["d"]["e"][1] = 0.25
    if step == 17:
        BIAS[0][0][0][0][2] = 0.3
    if step == 22:
        MIX[0][0][0] = [[[0.6, 0.2, 0.2]]]
    if step == 27:
        COEF["a"]["b"]["c"]["d"]["e"].insert(0, 2.0)
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(W.numpy()[0, 0])))

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()]}))
