"""A collection of data splits with a generator `__iter__` that logs, and a logging
`__len__` that CPython consults as a length hint: `list(splits)`, `tuple(splits)`,
`sorted(splits)`, `[*splits]` and `" ".join(...)` of it ask `__len__` before iterating,
whereas `for`, `sum()`, `max()`, `enumerate()` and `zip()` never do.  A second object has
`__iter__` plus a logging `__length_hint__` and no `__len__`.  The step uses each of
these on the splits to compute per-split weights (Python floats) that scale the loss,
and prints how many items each produced.  The loop grows and shrinks the splits, makes
`__len__` disagree with the number of items yielded, and removes `__len__` from the class
mid-run (the hint then comes from nowhere).  Probes: which builtins call a user
`__len__`/`__length_hint__` as a size hint, and how often, inside a converted step."""
import random

import numpy

random.seed(4932)
numpy.random.seed(4932)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4932)
rng = np.random.default_rng(4932)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 2:3] * 1.5 - XS[:, 3:] * 0.5).astype(np.float32)

LOG = []


class Splits:
    def __init__(self, weights):
        self.weights = weights
        self.claimed = None

    def __iter__(self):
        LOG.append("iter")
        for w in self.weights:
            yield w

    def __len__(self):
        LOG.append("len")
        return len(self.weights) if self.claimed is None else self.claimed


class Hinted:
    def __init__(self, names):
        self.names = names

    def __iter__(self):
        LOG.append("h_iter")
        return iter(self.names)

    def __length_hint__(self):
        LOG.append("hint")
        return len(self.names)


SPLITS = Splits([1.0, 0.5, 0.25])
NAMES = Hinted(["a", "b"])
W = tf.Variable(tf.zeros((4, 1)))


def train_step(x, y, splits):
    as_list = list(splits)
    as_tuple = tuple(splits)
    ordered = sorted(splits)
    star = [*splits]
    total = sum(splits)
    top = max(splits)
    count = 0
    for _ in splits:
        count += 1
    enum_n = sum(1 for _ in enumerate(splits))
    joined = " ".join(NAMES)
    names = list(NAMES)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (total / (len(as_list) + len(star)))
    g = tape.gradient(loss, W)
    W.assign_sub(0.1 * top * g)
    return loss, (len(as_list), len(as_tuple), len(ordered), count, enum_n, joined, len(names))


for step in range(28):
    if step == 6:
        SPLITS.weights.append(0.75)
    if step == 10:
        SPLITS.claimed = 10
    if step == 14:
        NAMES.names = ["a", "b", "c"]
        SPLITS.claimed = 0
    if step == 18:
        del Splits.__len__
    if step == 23:
        SPLITS.weights = [2.0]
        Splits.__len__ = lambda self: LOG.append("len_lam") or 1
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, info = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), SPLITS)
    print(step, repr(float(loss)), info, LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "log_len": len(LOG)}))
