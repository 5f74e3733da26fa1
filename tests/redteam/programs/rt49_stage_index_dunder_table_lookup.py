"""A curriculum `Stage` object whose `__index__` logs each call, used where Python asks
for an integer: as a list index (`RATES[stage]`), as a `range(stage)` bound for the
number of warm layers, in a slice (`FEATS[:stage]`), and through `operator.index` and
`hex()`.  The loop advances `stage.k` between steps, replaces `__index__` on the class
mid-run, and drives the stage past the end of RATES so the step's `RATES[stage]` raises
IndexError, which the step catches and falls back to the last rate.
Probes: `__index__` called by list indexing, range, slices and builtins inside a
converted step (count and order against eager), and an IndexError it leads to."""
import random

import numpy

random.seed(4904)
numpy.random.seed(4904)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4904)
rng = np.random.default_rng(4904)
XS = rng.normal(size=(72, 6)).astype(np.float32)
YS = (XS[:, :3].sum(axis=1, keepdims=True) * 0.3).astype(np.float32)

LOG = []


class Stage:
    def __init__(self, k):
        self.k = k

    def __index__(self):
        LOG.append(("index", self.k))
        return self.k


RATES = [0.02, 0.05, 0.1, 0.08, 0.04]
FEATS = [1.0, 1.0, 0.5, 0.25, 0.125, 0.0625]
STAGE = Stage(0)
W = tf.Variable(tf.zeros((6, 1)))


def train_step(x, y, stage):
    try:
        lr = RATES[stage]
    except IndexError:
        LOG.append(("past_end",))
        lr = RATES[-1]
    mask = FEATS[:stage] + [0.0] * (6 - operator.index(stage))
    warm = 0
    for _ in range(stage):
        warm += 1
    tag = hex(stage)
    with tf.GradientTape() as tape:
        pred = (x * tf.constant(mask)) @ W
        loss = tf.reduce_mean(tf.square(pred - y))
    g = tape.gradient(loss, W)
    W.assign_sub(lr * (1.0 + 0.1 * warm) * g)
    return loss, lr, tag


for step in range(30):
    if step in (4, 9, 13, 20):
        STAGE.k += 1
    if step == 16:
        def index_twice(self):
            LOG.append(("index2", self.k))
            return min(self.k + 1, 6)
        Stage.__index__ = index_twice
    if step == 25:
        STAGE.k = 2
    n0 = len(LOG)
    i = (step * 8) % 64
    loss, lr, tag = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), STAGE)
    print(step, repr(float(loss)), repr(lr), tag, LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "log_len": len(LOG)}))
