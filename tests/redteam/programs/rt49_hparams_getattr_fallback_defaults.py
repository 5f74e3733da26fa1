"""Hyper-parameters kept in an `HParams` object whose `__getattr__` (reached only for
names not in the instance dict) logs each fallback and serves a value from a global
DEFAULTS dict, raising AttributeError for unknown names.  The step reads `hp.lr` and
`hp.momentum`, asks `getattr(hp, "clip", None)` and `hasattr(hp, "nesterov")` (both run
`__getattr__` and swallow its AttributeError), and updates a velocity variable.  The loop
later sets `hp.lr` in the instance dict (the fallback is no longer called for it), edits
DEFAULTS, adds "clip" to DEFAULTS, and finally deletes the instance attribute again.
Probes: `__getattr__` calls (count, order, names) and AttributeError swallowing by
getattr-with-default/hasattr in a converted step, while the set of names served
by the fallback changes between steps."""
import random

import numpy

random.seed(4907)
numpy.random.seed(4907)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4907)
rng = np.random.default_rng(4907)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[0.3], [0.3], [-0.6], [1.2]], np.float32)).astype(np.float32)

LOG = []
DEFAULTS = {"lr": 0.05, "momentum": 0.5}


class HParams:
    def __init__(self, **kw):
        self.__dict__.update(kw)

    def __getattr__(self, name):
        LOG.append(("getattr", name))
        if name.startswith("__"):
            raise AttributeError(name)
        try:
            return DEFAULTS[name]
        except KeyError:
            raise AttributeError(name) from None


HP = HParams(tag="run")
W = tf.Variable(tf.zeros((4, 1)))
VEL = tf.Variable(tf.zeros((4, 1)))


def train_step(x, y, hp):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    clip = getattr(hp, "clip", None)
    if clip is not None:
        g = tf.clip_by_norm(g, clip)
    if hasattr(hp, "nesterov"):
        LOG.append(("nesterov",))
    VEL.assign(hp.momentum * VEL - hp.lr * g)
    W.assign_add(VEL)
    return loss


for step in range(30):
    if step == 8:
        HP.lr = 0.02
    if step == 12:
        DEFAULTS["momentum"] = 0.8
    if step == 16:
        DEFAULTS["clip"] = 0.1
    if step == 20:
        DEFAULTS["nesterov"] = True
    if step == 23:
        del HP.lr
        DEFAULTS["lr"] = 0.03
    if step == 27:
        del DEFAULTS["clip"]
    n0 = len(LOG)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), HP)
    print(step, repr(float(loss)), LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "log_len": len(LOG),
                  "hp": sorted(vars(HP))}))
