"""A set the step makes of the program's objects, whose class gains __hash__/__eq__ mid-run.

The step makes `s = {t for t in TOKS}`, adds TOKS[0] again and PROBE (a distinct object
equal in fields to TOKS[0]), and asks `PROBE in s` and `len(s)`.  Tok has no
__hash__/__eq__ at first, so its instances hash by identity (allowed into sets the step
makes, per the contract: objects from outside the call that hash by identity).  At step
12 the program assigns `Tok.__eq__` and `Tok.__hash__` (by bucket): CPython updates the
type's hash and compare slots, so the same objects now collide and de-duplicate (len
drops from 4 to 2, `PROBE in s` stays True but for another reason, TOKS[1] is dropped).
At step 24 they are deleted again (identity hashing back), and at step 30 `__eq__` is set
with `__hash__ = None` (instances become unhashable), so building the set raises
TypeError, which the step catches (its message is kept).  A graph built while the class hashed by
identity, guarded only on the objects' identities and exact class, would keep len 4.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2127)
random.seed(2127)
np.random.seed(2127)
rng = np.random.default_rng(2127)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)


class Tok:
    def __init__(self, name, bucket):
        self.name = name
        self.bucket = bucket


TOKS = [Tok("a", 0), Tok("b", 0), Tok("c", 1)]
PROBE = Tok("p", 0)
KEPT = {}


def eq_by_bucket(a, b):
    return isinstance(b, Tok) and a.bucket == b.bucket


def hash_by_bucket(a):
    return hash(a.bucket)


def train_step(x, y):
    try:
        s = {t for t in TOKS}
        s.add(TOKS[0])
        s.add(PROBE)
        n = len(s)
        found = PROBE in s
        KEPT["names"] = sorted(t.name for t in s)
    except TypeError as e:
        n = -1
        found = None
        KEPT["names"] = [str(e)]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.1 * n)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, n, found


for step in range(40):
    if step == 12:
        Tok.__eq__ = eq_by_bucket
        Tok.__hash__ = hash_by_bucket
    if step == 24:
        del Tok.__eq__
        del Tok.__hash__
    if step == 30:
        Tok.__eq__ = eq_by_bucket
        Tok.__hash__ = None
    i = (step * 8) % 88
    loss, n, found = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), n, found, KEPT["names"])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "names": KEPT["names"],
    "iterations": int(OPT.iterations.numpy()),
}))
