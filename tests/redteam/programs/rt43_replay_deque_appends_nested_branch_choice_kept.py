"""Prioritised replay with a bounded deque: each step picks the inputs to train on with a
nested branch on the loss (the caller's current batch, its previous batch, or a fixed
anchor batch), trains, and appends the chosen inputs to `REPLAY = deque(maxlen=4)`; it
also counts calls in a list `PICKS[0] += 1` and records the deque's length in
`PICKS[-1]`, written in place.  The caller checks whether
the deque's newest entry is its current/previous/anchor tensor object (`REPLAY[-1] is x`)
to decide whether to refresh the anchor.  In eager the deque holds the caller's tensor
objects.  The thresholds move at step 12.  Probes: a deque and an in-place counter list
written by the step, holding caller tensors chosen by nested branches on tensors."""
import random

import numpy

random.seed(4335)
numpy.random.seed(4335)

import collections
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4335)
rng = np.random.default_rng(4335)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = (np.cos(XS[:, :1]) * XS[:, 1:2]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.Adam(learning_rate=0.01)
REPLAY = collections.deque(maxlen=4)
PICKS = [0, 0, 0]
TH = [9.0, 8.0]


def model(x):
    return tf.tanh(x @ W1) @ W2


def train_step(x, prev, anchor, y):
    cur = tf.reduce_mean(tf.square(model(x) - y))
    if cur > TH[0]:
        xs = anchor
    elif cur > TH[1]:
        xs = prev
    else:
        xs = x
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(xs) - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    REPLAY.append(xs)
    PICKS[0] += 1
    PICKS[-1] = len(REPLAY)
    return loss, cur


anchor = tf.constant(XS[144:160])
prev = tf.constant(XS[128:144])
for step in range(30):
    if step == 12:
        TH[0] = 0.2
        TH[1] = 0.11
    i = (step * 16) % 112
    x = tf.constant(XS[i:i + 16])
    loss, cur = train_step(x, prev, anchor, tf.constant(YS[i:i + 16]))
    newest = REPLAY[-1]
    print(step, repr(float(loss)), repr(float(cur)), newest is x, newest is prev, newest is anchor, list(PICKS))
    prev = x

print(json.dumps({"picks": PICKS, "replay": len(REPLAY), "W2": [repr(float(v)) for v in W2.numpy().ravel()]}))
