"""Per-step callbacks (a gradient-norm logger, a loss recorder, a rate decayer) kept in a
global list, each a program object with a logging `__call__(step, loss)` and a logging
`__eq__` that compares by name.  The step calls every callback in order, skips those
`in DISABLED` (list containment compares with `==` after the identity check), finds a
callback's position with `CALLBACKS.index(...)`, and counts name duplicates with
`CALLBACKS.count(...)`.  The recorder stores Python floats; the decayer changes the step's
rate object.  Between steps the loop disables callbacks with equal-but-distinct objects,
removes one with `CALLBACKS.remove(equal_copy)` (which calls `__eq__`), appends a
duplicate, and replaces a callback class's `__call__`.  Probes: program `__call__`/
`__eq__` invoked through list iteration, `in`, `index`, `count` in a converted step."""
import random

import numpy

random.seed(4922)
numpy.random.seed(4922)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4922)
rng = np.random.default_rng(4922)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[0.1], [0.9], [-0.4], [0.0]], np.float32) + 0.2).astype(np.float32)

LOG = []
RATE = {"lr": 0.1}


class Callback:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        LOG.append(("eq", self.name, getattr(other, "name", "?")))
        return isinstance(other, Callback) and self.name == other.name

    __hash__ = None


class Recorder(Callback):
    def __init__(self, name):
        super().__init__(name)
        self.seen = []

    def __call__(self, step, loss):
        LOG.append(("rec", step))
        self.seen.append(loss)


class Decayer(Callback):
    def __call__(self, step, loss):
        LOG.append(("decay", step))
        RATE["lr"] = RATE["lr"] * 0.97


class Announcer(Callback):
    def __call__(self, step, loss):
        LOG.append(("announce", step))
        print("  cb", self.name, step)


REC = Recorder("rec")
CALLBACKS = [REC, Decayer("decay"), Announcer("ann")]
DISABLED = []
W = tf.Variable(tf.zeros((4, 1)))
B = tf.Variable(0.0)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(RATE["lr"] * gw)
    B.assign_sub(RATE["lr"] * gb)
    lv = float(loss)
    for cb in CALLBACKS:
        if cb in DISABLED:
            continue
        cb(step, lv)
    pos = CALLBACKS.index(REC)
    dups = CALLBACKS.count(REC)
    return loss, pos, dups


for step in range(30):
    if step == 6:
        DISABLED.append(Decayer("decay"))
    if step == 10:
        CALLBACKS.remove(Announcer("ann"))
    if step == 13:
        CALLBACKS.insert(0, Recorder("rec"))
    if step == 17:
        def ann_quiet(self, step, loss):
            LOG.append(("ann_quiet", step))
        Announcer.__call__ = ann_quiet
        CALLBACKS.append(Announcer("ann2"))
    if step == 21:
        DISABLED.clear()
    if step == 25:
        del CALLBACKS[0]
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, pos, dups = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), repr(RATE["lr"]), pos, dups, LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "rec": [repr(v) for v in REC.seen[-4:]],
                  "n_seen": len(REC.seen), "lr": repr(RATE["lr"])}))
