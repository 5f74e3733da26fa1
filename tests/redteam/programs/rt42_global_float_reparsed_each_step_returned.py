"""The loop re-reads its config text every step (a hot-reload pattern) and rebinds the
global `LR = float(CONFIG["lr"])`: a new float object with the same value each time.
The step reads the global, uses it, stores it on the trainer and returns it; the caller
asks `tr.lr_used is LR` and `ret is LR` (an identity-based 'did the LR change' check
in its logger).  From step 12 the hot reload stops and the same object stays bound.
janus guards a global float by type and exact value: a new equal object passes the
guard, and the graph must still hand back the object the global holds now."""
import random

import numpy

random.seed(41)
numpy.random.seed(41)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4241)
rng = np.random.default_rng(4241)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 1:2] - XS[:, 3:4] ** 2).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
CONFIG = {"lr": "0.02"}
LR = float(CONFIG["lr"])


class Trainer:
    def __init__(self):
        self.lr_used = None

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.nn.softplus(x @ W1) @ W2 - y))
        g1, g2 = tape.gradient(loss, [W1, W2])
        W1.assign_sub(LR * g1)
        W2.assign_sub(LR * g2)
        self.lr_used = LR
        return loss, LR


tr = Trainer()
changes = 0
prev = None
for step in range(30):
    if step < 12:
        LR = float(CONFIG["lr"])
    i = (step * 8) % 88
    loss, ret = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    if ret is not prev:
        changes += 1
    prev = ret
    print(step, repr(float(loss)), tr.lr_used is LR, ret is LR, changes)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "changes": changes,
}))
