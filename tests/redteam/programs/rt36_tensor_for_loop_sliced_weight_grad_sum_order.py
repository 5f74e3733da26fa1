"""A hand-written recurrent step: `for t in tf.range(T)` over a tensor bound (janus
makes it a tf.while_loop) whose body reads the weight matrix W as two column slices
(W[:, :4] for a gate, W[:, 4:] for a candidate) and U likewise.  Eagerly the loop is
Python's and the tape records every slice of every iteration, so W's gradient is one
sum of 2*T StridedSliceGrad terms; a While op's gradient adds the two slices of an
iteration and then accumulates iterations: the same float32 terms associated
differently.  At step 12 the global GATE_BIAS changes from 0.0 to 0.5 (a Python float
the body adds), at step 20 the sequence length grows from 6 to 7."""
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

keras.utils.set_random_seed(3605)
rng = np.random.default_rng(3605)
XS = rng.normal(size=(48, 7, 3)).astype(np.float32)
YS = np.tanh(XS.sum(axis=(1, 2))[:, None] * 0.3).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 8)).astype(np.float32) * 0.5)
U = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.5)
V = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
GATE_BIAS = 0.0
T = 6


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.zeros((tf.shape(x)[0], 4))
        for t in tf.range(tf.shape(x)[1]):
            xt = x[:, t]
            z = tf.sigmoid(xt @ W[:, :4] + h @ U[:, :4] + GATE_BIAS)
            c = tf.tanh(xt @ W[:, 4:] + h @ U[:, 4:])
            h = z * h + (1.0 - z) * c
        loss = tf.reduce_mean(tf.square(h @ V - y))
    grads = tape.gradient(loss, [W, U, V])
    OPT.apply_gradients(zip(grads, [W, U, V]))
    return loss, grads[0]


for step in range(30):
    if step == 12:
        GATE_BIAS = 0.5
    if step == 20:
        T = 7
    i = (step * 8) % 40
    loss, gw = train_step(tf.constant(XS[i:i + 8, :T]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), [float(v).hex() for v in gw.numpy().ravel()[:3]], GATE_BIAS, T)

print(json.dumps({
    "W": [float(v).hex() for v in W.numpy().ravel()[:8]],
    "U": [float(v).hex() for v in U.numpy().ravel()[:6]],
    "V": [float(v).hex() for v in V.numpy().ravel()],
}))
