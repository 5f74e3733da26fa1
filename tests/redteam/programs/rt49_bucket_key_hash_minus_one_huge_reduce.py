"""Bucketing keys for per-bucket gradient scales whose `__hash__` logs and returns
edge values: -1 (which `hash()` turns into -2), an int beyond 64 bits (which `hash()`
reduces modulo 2**61-1), and a negative huge int.  The step prints `hash(key)` (the
reduced value, not what `__hash__` returned), looks the key up in a global dict and set,
stores `hash(key) % 7` to pick a slot in a list of scales, and compares hashes of two
keys with `==`.  Between steps the loop changes which edge value a key's `__hash__`
returns (so stored dict entries no longer match and `.get` falls back to the default),
and replaces `__hash__` on the class with one returning a bool.  Probes: CPython's
post-processing of user `__hash__` results (-1 to -2, modular reduction, bool to int)
and the number of `__hash__`/`__eq__` calls in dict/set lookups in a converted step."""
import random

import numpy

random.seed(4924)
numpy.random.seed(4924)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4924)
rng = np.random.default_rng(4924)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] * 1.2 - XS[:, 2:] * 0.8).astype(np.float32)

LOG = []


class BucketKey:
    def __init__(self, name, h):
        self.name = name
        self.h = h

    def __hash__(self):
        LOG.append(("hash", self.name))
        return self.h

    def __eq__(self, other):
        LOG.append(("eq", self.name, getattr(other, "name", "?")))
        return isinstance(other, BucketKey) and self.name == other.name


SHORT = BucketKey("short", -1)
LONG = BucketKey("long", 2 ** 70 + 5)
NEG = BucketKey("neg", -(2 ** 65))
SCALE = {SHORT: 1.0, LONG: 0.5, NEG: 0.25}
HOT = {SHORT, LONG}
SLOTS = [1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4]
del LOG[:]

W = tf.Variable(tf.zeros((3, 1)))


def train_step(x, y, key, other):
    hk = hash(key)
    same_hash = hk == hash(other)
    s = SCALE.get(key, 0.1)
    hot = key in HOT
    slot = SLOTS[hk % 7]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.1 * s * slot * (1.0 if hot else 0.5) * g)
    return loss, hk, same_hash, s, hot


for step in range(30):
    key = (SHORT, LONG, NEG)[step % 3]
    other = (LONG, NEG, SHORT)[step % 3]
    if step == 9:
        SHORT.h = -2          # same reduced hash as before: lookups still find it
    if step == 13:
        LONG.h = 2 ** 61 - 1  # reduces to 0, no longer matches the stored entry
    if step == 17:
        def hash_bool(self):
            LOG.append(("hash_bool", self.name))
            return self.name == "short"
        BucketKey.__hash__ = hash_bool
    if step == 22:
        del BucketKey.__hash__
        BucketKey.__hash__ = lambda self: LOG.append(("hash_lam", self.name)) or -1
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, hk, same, s, hot = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), key, other)
    print(step, repr(float(loss)), hk, same, s, hot, LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "log_len": len(LOG)}))
