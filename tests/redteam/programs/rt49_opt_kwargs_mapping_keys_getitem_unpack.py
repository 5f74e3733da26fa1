"""Optimizer keyword arguments kept in a program `OptKwargs` mapping (not a dict subclass)
with logging `keys()` and `__getitem__`: `**kwargs` unpacking in a call asks `keys()`
once and then `__getitem__` per key, in the order keys() gives.  The step calls a helper
`sgd_update(var, grad, **OPT_KW)` for each variable, builds `dict(OPT_KW)` (which also
uses keys()/__getitem__), and merges `{**OPT_KW, "nesterov": False}`.  Between steps
the loop edits the underlying values, reorders the keys, adds a key the helper does
not accept (the call raises TypeError, caught in the step with a fallback), and
replaces `keys` on the class.  Probes: the mapping protocol (keys/__getitem__ call
order and counts) run by `**` unpacking and dict() in a converted step."""
import random

import numpy

random.seed(4927)
numpy.random.seed(4927)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4927)
rng = np.random.default_rng(4927)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] + XS[:, 2:3] * 0.5).astype(np.float32)

LOG = []


class OptKwargs:
    def __init__(self, **kw):
        self.data = dict(kw)
        self.order = list(kw)

    def keys(self):
        LOG.append("keys")
        return list(self.order)

    def __getitem__(self, k):
        LOG.append(("get", k))
        return self.data[k]


OPT_KW = OptKwargs(lr=0.05, momentum=0.0)
W = tf.Variable(tf.zeros((4, 1)))
B = tf.Variable(0.0)
VW = tf.Variable(tf.zeros((4, 1)))
VB = tf.Variable(0.0)


def sgd_update(var, vel, grad, lr=0.01, momentum=0.0):
    vel.assign(momentum * vel - lr * grad)
    var.assign_add(vel)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    try:
        sgd_update(W, VW, gw, **OPT_KW)
    except TypeError as e:
        LOG.append(("bad_kw", str(e)))
        sgd_update(W, VW, gw, lr=OPT_KW["lr"])
    snapshot = dict(OPT_KW)
    merged = {**OPT_KW, "nesterov": False}
    sgd_update(B, VB, gb, lr=snapshot["lr"])
    return loss, sorted(merged)


for step in range(30):
    if step == 7:
        OPT_KW.data["momentum"] = 0.5
    if step == 11:
        OPT_KW.order.reverse()
    if step == 15:
        OPT_KW.data["decay"] = 0.1
        OPT_KW.order.append("decay")
    if step == 19:
        def keys_short(self):
            LOG.append("keys_short")
            return [k for k in self.order if k != "decay"]
        OptKwargs.keys = keys_short
    if step == 24:
        OPT_KW.data["lr"] = 0.02
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, merged = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), merged, LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "b": repr(float(B.numpy())),
                  "log_len": len(LOG)}))
