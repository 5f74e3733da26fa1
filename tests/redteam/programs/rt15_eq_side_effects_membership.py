"""Probe: C-level container operations that call the program's __eq__ / __hash__ a
data-dependent number of times, where those methods have side effects (a Python
counter and a tf.Variable counter).

`Tag` objects compare by name in __eq__, which bumps a Python counter and does
`EQ_VAR.assign_add(1)`; __hash__ bumps another counter. The step asks `cur in ACTIVE`
(list membership: __eq__ is called for each element until a match, in order), then
`ACTIVE.index(cur)`, `ACTIVE.count(cur)` (every element) and `WEIGHTS[cur]` (a dict
lookup: __hash__ once, __eq__ only on a hash collision with a different object) and
uses the position as a loss weight. `cur` is a different Tag object each step (made
outside the step) with a name that cycles, and at step 12 the program reorders ACTIVE,
at step 20 it appends a new Tag. Eager's counters grow by exactly what CPython's
list/dict code calls. A runtime that answers `in`/index/count at build time (or with
identity only) changes the counters and the weights. Mechanism: implicit,
data-dependent calls of user dunders from C container code."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1544)
rng = np.random.default_rng(1544)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
EQ_VAR = tf.Variable(0, dtype=tf.int64)
CALLS = {"eq": 0, "hash": 0}


class Tag:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        CALLS["eq"] += 1
        EQ_VAR.assign_add(1)
        return isinstance(other, Tag) and self.name == other.name

    def __hash__(self):
        CALLS["hash"] += 1
        return hash(len(self.name))


NAMES = ["alpha", "beta", "gamma", "delta"]
ACTIVE = [Tag(n) for n in NAMES]
WEIGHTS = {Tag(n): 1.0 + 0.25 * k for k, n in enumerate(NAMES)}
QUERIES = [Tag(NAMES[k % 4] if k % 5 else "omega") for k in range(40)]


def train_step(x, y, cur):
    present = cur in ACTIVE
    pos = ACTIVE.index(cur) if present else -1
    cnt = ACTIVE.count(cur)
    w = WEIGHTS.get(cur, 0.5)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * w * (1.0 + 0.1 * pos)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, present, pos, cnt, w


for step in range(30):
    if step == 12:
        ACTIVE.reverse()
    if step == 20:
        ACTIVE.append(Tag("omega"))
    i = (step * 8) % 56
    cur = QUERIES[step]
    loss, present, pos, cnt, w = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), cur)
    print(step, cur.name, repr(round(float(loss), 6)), present, pos, cnt, w, dict(CALLS), int(EQ_VAR.numpy()))

print(json.dumps({"calls": CALLS, "eq_var": int(EQ_VAR.numpy()),
                  "W": [round(float(v), 6) for v in W.numpy().ravel()]}))
