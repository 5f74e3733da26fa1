"""Hyper-parameters layered with `collections.ChainMap(overrides, defaults)` (the usual
argparse-over-defaults pattern): the step reads `CFG["lr"]` and `CFG["l2"]` each call.
At step 12 the loop adds an override (`OVERRIDES["lr"] = 0.01`), at step 20 edits the
defaults layer (`DEFAULTS["l2"] = 0.1`) and at step 25 removes the override.  ChainMap
looks keys up in Python code over its maps; janus must follow both layers."""
import random

import numpy

random.seed(134)
numpy.random.seed(134)

import collections
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4334)
rng = np.random.default_rng(4334)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 2:3] * 1.5 + 0.2).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
DEFAULTS = {"lr": 0.1, "l2": 0.0}
OVERRIDES = {}
CFG = collections.ChainMap(OVERRIDES, DEFAULTS)


def train_step(x, y):
    lr = CFG["lr"]
    l2 = CFG["l2"]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + l2 * tf.reduce_sum(tf.square(W))
    W.assign_sub(lr * tape.gradient(loss, W))
    return loss


for step in range(30):
    if step == 12:
        OVERRIDES["lr"] = 0.01
    if step == 20:
        DEFAULTS["l2"] = 0.1
    if step == 25:
        del OVERRIDES["lr"]
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), dict(CFG))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
