"""Equality between a base config and its subclass: `BaseCfg.__eq__` logs
(self tag, other tag) and returns NotImplemented for foreign types; `TunedCfg(BaseCfg)`
inherits it without overriding.  CPython still calls the right operand's method first
whenever the right operand's type is a proper subclass of the left's, so `base == tuned`
logs the tuned object as self first; `!=` goes through object's `__ne__`, which calls
`__eq__` and inverts; comparing with an int runs the reflected path and ends in
identity.  The step makes these comparisons to pick the rate and counts them; the loop
later gives `TunedCfg` its own `__eq__` that returns NotImplemented (so the left side is
asked next), and swaps which object is the base.  Probes: CPython's rich-comparison
dispatch order (reflected-first for subclasses, NotImplemented fallbacks, `__ne__`
from `__eq__`) as reproduced by a converted step."""
import random

import numpy

random.seed(4921)
numpy.random.seed(4921)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4921)
rng = np.random.default_rng(4921)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] * 0.3 + 0.1).astype(np.float32)

LOG = []


class BaseCfg:
    def __init__(self, tag, lr):
        self.tag = tag
        self.lr = lr

    def __eq__(self, other):
        LOG.append(("eq", self.tag, getattr(other, "tag", repr(other))))
        if not isinstance(other, BaseCfg):
            return NotImplemented
        return self.lr == other.lr

    __hash__ = None


class TunedCfg(BaseCfg):
    pass


BASE = BaseCfg("base", 0.05)
TUNED = TunedCfg("tuned", 0.05)
W = tf.Variable(tf.zeros((3, 1)))
B = tf.Variable(0.0)


def train_step(x, y, left, right):
    same = left == right
    diff = left != right
    with_int = left == 3
    rev = right == left
    lr = left.lr if same else right.lr
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(lr * gw)
    B.assign_sub(lr * gb)
    return loss, same, diff, with_int, rev


L, R = BASE, TUNED
for step in range(30):
    if step == 7:
        TUNED.lr = 0.08
    if step == 11:
        def eq_tuned(self, other):
            LOG.append(("tuned_eq", self.tag))
            return NotImplemented
        TunedCfg.__eq__ = eq_tuned
    if step == 16:
        L, R = TUNED, BASE
    if step == 20:
        del TunedCfg.__eq__
    if step == 24:
        L, R = BASE, BaseCfg("other", 0.05)
    n0 = len(LOG)
    i = (step * 8) % 56
    out = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), L, R)
    print(step, repr(float(out[0])), out[1:], LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "b": repr(float(B.numpy())),
                  "log_len": len(LOG)}))
