"""Known-absent attributes of an object whose whole __dict__ is replaced mid-run.

The step reads `getattr(OPTS, "boost", 1.0)`, `hasattr(OPTS, "frozen")` and
`OPTS.lr`.  "boost" and "frozen" are absent at first: the contract says their absence
is guarded on the object.  Mid-run the program never sets an attribute the ordinary
way: step 12 assigns `OPTS.__dict__ = {...}` (a NEW dict with boost), step 20 writes
"frozen" into the OLD dict it kept (which OPTS no longer uses: nothing changes for
eager), step 26 writes "frozen" into OPTS's current dict through `vars(OPTS)`, step 32
assigns the old dict back (boost gone, frozen present, lr different).  A guard that
keeps the dict object it looked in when building (rather than the object's current
dict) would answer from the wrong dict after step 12 and step 32.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2118)
random.seed(2118)
np.random.seed(2118)
rng = np.random.default_rng(2118)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)


class Opts:
    pass


OPTS = Opts()
OLD = {"lr": 0.05}
OPTS.__dict__ = OLD


def train_step(x, y):
    boost = getattr(OPTS, "boost", 1.0)
    frozen = hasattr(OPTS, "frozen")
    lr = OPTS.lr
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g, = tape.gradient(loss, [W])
    if not frozen:
        W.assign_sub(lr * boost * g)
    return loss, boost, frozen, lr


for step in range(40):
    if step == 12:
        OPTS.__dict__ = {"lr": 0.05, "boost": 2.0}
    if step == 20:
        OLD["frozen"] = True
    if step == 26:
        vars(OPTS)["frozen"] = True
    if step == 32:
        OLD["lr"] = 0.02
        OPTS.__dict__ = OLD
    i = (step * 8) % 88
    loss, boost, frozen, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(boost), frozen, repr(lr), sorted(vars(OPTS)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
}))
