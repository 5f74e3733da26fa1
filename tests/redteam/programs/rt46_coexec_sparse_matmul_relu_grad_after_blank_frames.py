"""A co-executed step (a crc32 of the batch decides in Python whether the targets are
flipped, so the step stays in the interpreter) trains a raw-TF MLP whose hidden layers
are `relu(tf.matmul(h, W, a_is_sparse=True))`, followed by a Keras head (a site).  The
backward pass of each SparseMatMul receives a gradient made by a ReluGrad op.  What
changes mid-run: for the first 7 steps the sensor sends blank frames (all-zero inputs,
so every gradient into the raw weights is exactly zero), from step 7 on it sends real
frames.  Probes: the deferred tape walk's compiled chunks compared with eager only on
their first runs, while TF's SparseMatMul gradient picks a sparse kernel in graph mode
(grad.op.type == "ReluGrad") and a dense one eagerly."""
import random

import numpy

random.seed(4601)
numpy.random.seed(4601)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4601)
rng = np.random.default_rng(4601)
XS = rng.normal(size=(40, 24, 16)).astype(np.float32)
YS = rng.normal(size=(40, 24, 4)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(16, 32)).astype(np.float32) * 0.4, name="w1")
W2 = tf.Variable(rng.normal(size=(32, 32)).astype(np.float32) * 0.3, name="w2")
W3 = tf.Variable(rng.normal(size=(32, 24)).astype(np.float32) * 0.3, name="w3")
HEAD = keras.layers.Dense(4)
HEAD(np.zeros((1, 24), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.02)
BLANK_UNTIL = 7
FLIPS = []


def train_step(x, y):
    key = zlib.crc32(x.numpy().tobytes())
    if key % 3 == 0:
        y = y[::-1]
        FLIPS.append(1)
    else:
        FLIPS.append(0)
    with tf.GradientTape() as tape:
        h1 = tf.nn.relu(tf.matmul(x, W1))
        h2 = tf.nn.relu(tf.matmul(h1, W2, a_is_sparse=True))
        h3 = tf.nn.relu(tf.matmul(h2, W3, a_is_sparse=True))
        out = HEAD(h3)
        loss = tf.reduce_mean(tf.square(out - y))
    variables = [W1, W2, W3] + HEAD.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, grads


for step in range(30):
    i = step % 40
    if step < BLANK_UNTIL:
        x = tf.zeros((24, 16), tf.float32)
    else:
        x = tf.constant(XS[i])
    loss, grads = train_step(x, tf.constant(YS[i]))
    g1 = grads[0].numpy()
    g2 = grads[1].numpy()
    print(step, repr(float(loss)), repr(float(g1[3, 5])), repr(float(g1[11, 30])),
          repr(float(np.sum(g1, dtype=np.float64))), repr(float(g2[7, 2])))

print(json.dumps({"w1": [repr(float(v)) for v in W1.numpy().ravel()[::37]],
                  "w2": [repr(float(v)) for v in W2.numpy().ravel()[::41]],
                  "flips": FLIPS}))
