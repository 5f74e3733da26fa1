"""A tiny seq2seq step: an encoder computes states E = tanh(x @ We) once; a decoder
loop `while t < steps` (a Python while on a tensor condition, which janus makes a
tf.while_loop) attends to E at every iteration (scores = E @ q, softmax, context),
and after the loop E is used again for a reconstruction penalty.  E's gradient is
the sum of its per-iteration contributions and the penalty's: eagerly one flat sum
on the tape, in a graph the While op's accumulated sum plus the outer term, another
association, so We's gradient can differ in the last bits.  At step 10 the global
STEPS (how many decoder steps, read as a Python int) changes from 5 to 7, at step 20
the global PEN weight changes from 0.1 to 0.3."""
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

keras.utils.set_random_seed(3630)
rng = np.random.default_rng(3630)
XS = rng.normal(size=(64, 6, 4)).astype(np.float32)
YS = np.tanh(XS.mean(axis=1)[:, :2] * 2.0).astype(np.float32)
WE = tf.Variable(rng.normal(size=(4, 5)).astype(np.float32) * 0.5)
WQ = tf.Variable(rng.normal(size=(5, 5)).astype(np.float32) * 0.5)
WO = tf.Variable(rng.normal(size=(5, 2)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
STEPS = 5
PEN = 0.1


def train_step(x, y):
    with tf.GradientTape() as tape:
        e = tf.tanh(tf.einsum("btf,fh->bth", x, WE))
        q = tf.reduce_mean(e, axis=1)
        t = tf.constant(0)
        while t < STEPS:
            scores = tf.einsum("bth,bh->bt", e, q)
            att = tf.nn.softmax(scores, axis=1)
            ctx = tf.einsum("bt,bth->bh", att, e)
            q = tf.tanh(ctx @ WQ + q)
            t += 1
        pen = tf.reduce_mean(tf.square(e)) * PEN
        loss = tf.reduce_mean(tf.square(q @ WO - y)) + pen
    grads = tape.gradient(loss, [WE, WQ, WO])
    OPT.apply_gradients(zip(grads, [WE, WQ, WO]))
    return loss, grads[0]


for step in range(30):
    if step == 10:
        STEPS = 7
    if step == 20:
        PEN = 0.3
    i = (step * 8) % 56
    loss, ge = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), [float(v).hex() for v in ge.numpy().ravel()[:3]], STEPS, PEN)

print(json.dumps({
    "WE": [float(v).hex() for v in WE.numpy().ravel()[:8]],
    "WQ": [float(v).hex() for v in WQ.numpy().ravel()[:6]],
    "WO": [float(v).hex() for v in WO.numpy().ravel()],
}))
