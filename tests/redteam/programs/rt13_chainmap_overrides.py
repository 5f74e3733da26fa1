"""Layered configuration with collections.ChainMap (CLI overrides over defaults).

`CFG = ChainMap(OVERRIDES, DEFAULTS)` is the usual "command line > file > defaults"
lookup.  ChainMap is a pure-Python class of the standard library: `CFG["lr"]` runs
ChainMap.__getitem__, which walks `self.maps` and indexes each dict in turn.  The step
reads `CFG["lr"]`, `CFG["momentum_decay"]` and `"warmup" in CFG`.  Mid-run only the
plain dicts inside change: at step 9 an override `OVERRIDES["lr"] = 0.03` appears (it
now shadows DEFAULTS), at step 15 `DEFAULTS["momentum_decay"] = 0.5` changes a value
nothing overrides, at step 21 `OVERRIDES["warmup"] = True` makes the membership test
true, and at step 26 `del OVERRIDES["lr"]` makes the default visible again.  Eager walks
the maps at every call.  A build that ran the stdlib __getitem__/__contains__ natively on
the (unchanged) ChainMap object and folded what they returned would keep the first
answers.  Probes: standard-library Python code reading the program's dicts at build time.
"""
import json
from collections import ChainMap

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1305)
rng = np.random.default_rng(1305)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-2.0], [0.5], [0.0]], dtype=np.float32)).astype(np.float32)

DEFAULTS = {"lr": 0.08, "momentum_decay": 0.9, "batch": 8}
OVERRIDES = {}
CFG = ChainMap(OVERRIDES, DEFAULTS)

W = tf.Variable(tf.zeros((4, 1)))
VEL = tf.Variable(tf.zeros((4, 1)))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    lr = CFG["lr"]
    if "warmup" in CFG:
        lr = lr * 0.5
    VEL.assign(CFG["momentum_decay"] * VEL + g)
    W.assign_sub(lr * VEL)
    return loss, lr


for step in range(30):
    if step == 9:
        OVERRIDES["lr"] = 0.03
    if step == 15:
        DEFAULTS["momentum_decay"] = 0.5
    if step == 21:
        OVERRIDES["warmup"] = True
    if step == 26:
        del OVERRIDES["lr"]
    i = (step * 8) % 88
    loss, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(lr))

print(json.dumps({
    "cfg": sorted((k, v) for k, v in dict(CFG).items()),
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "VEL": [repr(float(v)) for v in VEL.numpy().ravel()],
}))
