"""Quantisation-aware training with a straight-through estimator written with
`tf.custom_gradient`: the forward rounds to LEVELS steps, the backward clips the
incoming gradient to +-CLIP and also appends a record (a tuple of the call number and
a per-quantiser tag) to a global Python list each time TF calls it.  The step quantises
the weights of two layers, so eager's `tape.gradient` runs the backward function twice
per call.  The loop prints the list's length and last record, changes LEVELS at step
12 and CLIP at step 20.  Probes: a Python side effect (list append) made by the
program's backward function, which eager runs at every `tape.gradient`, and globals
read by the forward and the backward function changed between calls."""
import random

import numpy

random.seed(552)
numpy.random.seed(552)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(552)
rng = np.random.default_rng(552)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 1.5) + 0.3 * XS[:, 2:3]).astype(np.float32)

LEVELS = 8.0
CLIP = 1.0
BACKWARD_LOG = []
CALL = [0]


def make_quant(tag):
    @tf.custom_gradient
    def quant(w):
        q = tf.round(w * LEVELS) / LEVELS

        def grad(dy):
            BACKWARD_LOG.append((CALL[0], tag))
            return tf.clip_by_value(dy, -CLIP, CLIP)
        return q, grad
    return quant


Q1, Q2 = make_quant("l1"), make_quant("l2")
W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)


def train_step(x, y):
    CALL[0] += 1
    with tf.GradientTape() as tape:
        h = tf.nn.tanh(x @ Q1(W1))
        loss = tf.reduce_mean(tf.square(h @ Q2(W2) - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 12:
        LEVELS = 4.0
    if step == 20:
        CLIP = 0.05
    i = (step * 8) % 152
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(BACKWARD_LOG), BACKWARD_LOG[-1], repr(float(W2.numpy()[0, 0])))

print(json.dumps({"w1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
                  "w2": [repr(float(v)) for v in W2.numpy().ravel()], "n": len(BACKWARD_LOG),
                  "tags": [t for _, t in BACKWARD_LOG[-4:]]}))
