"""Change detection on hyper-parameter snapshots: the step compares the program's list of
`Param` objects with a snapshot list (`PARAMS == SNAPSHOT`), a dict of them with a
snapshot dict (`PARAM_MAP == SNAP_MAP`), a tuple built in the step with a global tuple,
and asks `PARAMS[1] in SNAPSHOT`.  `Param.__eq__` logs (name, other name) and compares
values.  List, tuple and dict equality in CPython skip `__eq__` for identical items and
stop at the first unequal one, so which items get compared depends on what the loop did:
it sometimes replaces snapshot items with equal copies, sometimes shares the very
objects, changes a value so the comparison stops early, and reorders.  When the step
finds a change it re-snapshots (writing the global lists) and resets the momentum.
Probes: container equality over program objects with logging `__eq__` evaluated in a
converted step, every call and its order, with the containers changed between steps."""
import random

import numpy

random.seed(4933)
numpy.random.seed(4933)

import copy
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4933)
rng = np.random.default_rng(4933)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 3:] + 0.5).astype(np.float32)

LOG = []


class Param:
    def __init__(self, name, value):
        self.name = name
        self.value = value

    def __eq__(self, other):
        LOG.append(("eq", self.name, getattr(other, "name", "?")))
        return isinstance(other, Param) and self.name == other.name and self.value == other.value

    __hash__ = None


LR = Param("lr", 0.05)
MOM = Param("mom", 0.5)
CLIP = Param("clip", 1.0)
PARAMS = [LR, MOM, CLIP]
SNAPSHOT = [LR, MOM, CLIP]
PARAM_MAP = {"lr": LR, "mom": MOM}
SNAP_MAP = {"lr": LR, "mom": MOM}
PAIR = (LR, CLIP)
W = tf.Variable(tf.zeros((4, 1)))
B = tf.Variable(0.0)
VW = tf.Variable(tf.zeros((4, 1)))
CHANGES = [0]


def train_step(x, y):
    global SNAPSHOT, SNAP_MAP
    same_list = PARAMS == SNAPSHOT
    same_map = PARAM_MAP == SNAP_MAP
    same_pair = (PARAMS[0], PARAMS[2]) == PAIR
    listed = PARAMS[1] in SNAPSHOT
    if not (same_list and same_map):
        CHANGES[0] += 1
        SNAPSHOT = list(PARAMS)
        SNAP_MAP = dict(PARAM_MAP)
        VW.assign(tf.zeros((4, 1)))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    gw = tf.clip_by_norm(gw, PARAMS[2].value)
    VW.assign(PARAMS[1].value * VW - PARAMS[0].value * gw)
    W.assign_add(VW)
    B.assign_sub(PARAMS[0].value * gb)
    return loss, same_list, same_map, same_pair, listed


for step in range(30):
    if step == 5:
        SNAPSHOT = [copy.copy(p) for p in PARAMS]
    if step == 9:
        MOM.value = 0.8
    if step == 12:
        SNAP_MAP = {"mom": copy.copy(MOM), "lr": copy.copy(LR)}
    if step == 15:
        PARAMS[2] = Param("clip", 0.5)
    if step == 19:
        PARAMS.reverse()
    if step == 21:
        PARAMS.reverse()
        PAIR = (copy.copy(LR), copy.copy(PARAMS[2]))
    if step == 25:
        LR.value = 0.02
        PARAM_MAP["lr"] = Param("lr", 0.02)
    n0 = len(LOG)
    i = (step * 8) % 56
    out = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(out[0])), out[1:], CHANGES[0], LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "b": repr(float(B.numpy())),
                  "changes": CHANGES[0], "log_len": len(LOG)}))
