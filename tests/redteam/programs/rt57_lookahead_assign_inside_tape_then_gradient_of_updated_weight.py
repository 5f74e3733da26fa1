"""A raw-TF two-layer network trained with a hand-written Nesterov step: inside the
GradientTape the step first moves the weights to their look-ahead point
(`w.assign_add(MU * v)`), then runs the forward pass, which reads the weights just
written; after the tape it moves them back, updates the velocity from the gradient at
the look-ahead point and applies it.  The gradient is taken with respect to the
variables whose reads come after the in-tape assignment.  Mid-run: `MU` changes at
step 9, `LOOKAHEAD` (a Python flag) is switched off at step 16 and on again at step 24,
`LR` changes at step 28.
Probes: a loss computed from a weight the same step updated first (inside the tape),
and several assignments of one variable around the gradient."""
import random

import numpy

random.seed(5727)
numpy.random.seed(5727)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5727)
rng = np.random.default_rng(5727)
XS = rng.normal(size=(180, 4)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 1.5) + 0.5 * XS[:, 2:3]).astype(np.float32)

W1 = tf.Variable(rng.normal(size=(4, 10)).astype(np.float32) * 0.5, name="w1")
W2 = tf.Variable(rng.normal(size=(10, 1)).astype(np.float32) * 0.5, name="w2")
V1 = tf.Variable(tf.zeros_like(W1), name="v1", trainable=False)
V2 = tf.Variable(tf.zeros_like(W2), name="v2", trainable=False)
MU = 0.9
LR = 0.05
LOOKAHEAD = True


def train_step(x, y):
    with tf.GradientTape() as tape:
        if LOOKAHEAD:
            W1.assign_add(MU * V1)
            W2.assign_add(MU * V2)
        h = tf.tanh(tf.matmul(x, W1))
        pred = tf.matmul(h, W2)
        loss = tf.reduce_mean(tf.square(pred - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    if LOOKAHEAD:
        W1.assign_sub(MU * V1)
        W2.assign_sub(MU * V2)
    V1.assign(MU * V1 - LR * g1)
    V2.assign(MU * V2 - LR * g2)
    W1.assign_add(V1)
    W2.assign_add(V2)
    return loss, tf.reduce_sum(tf.abs(g1)), tf.reduce_sum(W2)


for step in range(32):
    if step == 9:
        MU = 0.5
    if step == 16:
        LOOKAHEAD = False
    if step == 24:
        LOOKAHEAD = True
    if step == 28:
        LR = 0.01
    i = (step * 9) % 171
    loss, gn, s2 = train_step(tf.constant(XS[i:i + 9]), tf.constant(YS[i:i + 9]))
    print(step, repr(float(loss)), repr(float(gn)), repr(float(s2)))

print(json.dumps({"w1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
                  "w2": [repr(float(v)) for v in W2.numpy().ravel()],
                  "v2": [repr(float(v)) for v in V2.numpy().ravel()[:4]]}))
