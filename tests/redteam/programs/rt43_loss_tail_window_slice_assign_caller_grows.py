"""Smoothed-loss bookkeeping: the step rewrites the tail of a history list in place with a
slice assignment `HIST[-3:] = [a, b, c]` (re-smoothing the last three entries with the
new loss) and reads `HIST[-4]` before it; the caller appends a placeholder `0.0` to the
list every step and at step 13 truncates it to its last two entries (`HIST[:] =
HIST[-2:]`).  The tail slice covers other positions as the list grows and shrinks.
janus converts slice assignments from a list; this probes one with a negative start on a
list whose length the caller changes.  Probes: negative-index slice writes and reads on a
list the caller grows and truncates between calls."""
import random

import numpy

random.seed(4333)
numpy.random.seed(4333)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4333)
rng = np.random.default_rng(4333)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (XS[:, :3].sum(axis=1, keepdims=True) > 0).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.Adam(learning_rate=0.02)
HIST = [1.0, 1.0, 1.0, 1.0]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=x @ W))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    cur = float(loss)
    before = HIST[-4]
    a, b, c = HIST[-3:]
    HIST[-3:] = [0.5 * (a + b), 0.5 * (b + c), 0.5 * (c + cur)]
    return loss, before


for step in range(30):
    HIST.append(0.0)
    if step == 13:
        HIST[:] = HIST[-2:]
        HIST.insert(0, 2.0)
        HIST.insert(0, 3.0)
    i = (step * 16) % 112
    loss, before = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(before), len(HIST), [repr(v) for v in HIST[-3:]])

print(json.dumps({"hist": [repr(v) for v in HIST], "W": [repr(float(v)) for v in W.numpy().ravel()]}))
