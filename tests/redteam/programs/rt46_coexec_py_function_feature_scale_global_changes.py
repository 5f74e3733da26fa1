"""A co-executed step (a crc32 of the batch picks a Python augmentation, so the step
stays in the interpreter) passes the Keras trunk's features through a differentiable
`tf.py_function` whose Python body computes `h * SCALE["v"] + tf.sin(h) * 0.1` with TF
ops (py_function records its body on a tape of its own, and its gradient replays that
tape: an EagerPyFunc gradient, left to eager in the walk).  What changes mid-run: the
global SCALE["v"] changes from 1.0 to 0.25 at step 11 and to -0.5 at step 19, read by
the body when the forward runs.  Probes: a py_function gradient in a deferred walk,
with its forward's Python state, between compiled chunks."""
import random

import numpy

random.seed(4627)
numpy.random.seed(4627)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4627)
rng = np.random.default_rng(4627)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = rng.normal(size=(80, 2)).astype(np.float32)
TRUNK = keras.layers.Dense(6, activation="tanh")
HEAD = keras.layers.Dense(2)
TRUNK(XS[:1])
HEAD(np.zeros((1, 6), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
SCALE = {"v": 1.0}
CALLS = []


def body(h):
    CALLS.append(SCALE["v"])
    return h * SCALE["v"] + tf.sin(h) * 0.1


def train_step(x, y):
    if zlib.crc32(x.numpy().tobytes()) % 2:
        x = x[::-1]
        y = y[::-1]
    with tf.GradientTape() as tape:
        h = TRUNK(x)
        f = tf.py_function(body, [h], tf.float32)
        f.set_shape(h.shape)
        loss = tf.reduce_mean(tf.square(HEAD(f) - y))
    variables = TRUNK.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, grads


for step in range(28):
    if step == 11:
        SCALE["v"] = 0.25
    if step == 19:
        SCALE["v"] = -0.5
    i = (step * 8) % 72
    loss, grads = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, SCALE["v"], repr(float(loss)), repr(float(grads[0][1, 4])), repr(float(grads[1][2])),
          repr(float(grads[2][5, 1])), len(CALLS))

print(json.dumps({"trunk": [repr(float(v)) for v in TRUNK.kernel.numpy().ravel()],
                  "calls": CALLS[-3:]}))
