"""Probes attribute lookup through a data descriptor that has `__set__` but no
`__get__` (a validating hyper-parameter field).

`Clamped` defines only `__set__`, which clamps the value and writes it into the
instance `__dict__` under the same name.  CPython's lookup: the class attribute is a
data descriptor, but without `__get__` the instance `__dict__` wins when it holds the
name; when it does not, the read returns the descriptor object itself.  The step reads
`HP.lr` and `HP.wd` (manual SGD with decoupled decay).  Mid-run: the loop sets
`HP.lr = 0.5` (clamped to 0.2) at step 10, pops `wd` out of the instance dict at step
16 (the read now gives the `Clamped` object; the step falls back to no decay), gives
`Clamped` a `__get__` at step 24 (from then the descriptor answers: half the stored
value, the default when missing), and removes it at step 32.

A conversion that treats the class attribute as a plain value, calls a `__get__` that
is not there, or freezes the first reads uses other rates: the printed rates, losses and
weights differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2010)
random.seed(2010)
np.random.seed(2010)
rng = np.random.default_rng(2010)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)


class Clamped:
    def __init__(self, lo, hi, default):
        self.lo, self.hi, self.default = lo, hi, default

    def __set_name__(self, owner, name):
        self.name = name

    def __set__(self, obj, value):
        obj.__dict__[self.name] = min(max(value, self.lo), self.hi)


class HParams:
    lr = Clamped(1e-4, 0.2, 0.01)
    wd = Clamped(0.0, 0.05, 0.0)

    def __init__(self):
        self.lr = 0.05
        self.wd = 0.01


HP = HParams()


def clamped_get(self, obj, owner=None):
    if obj is None:
        return self
    return obj.__dict__.get(self.name, self.default) * 0.5


def train_step(x, y):
    lr = HP.lr
    wd = HP.wd
    if isinstance(wd, Clamped):
        wd = 0.0
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(lr * g)
    W.assign_sub(wd * W)
    return loss, lr, wd


for step in range(40):
    if step == 10:
        HP.lr = 0.5
    if step == 16:
        HP.__dict__.pop("wd")
    if step == 24:
        Clamped.__get__ = clamped_get
    if step == 32:
        del Clamped.__get__
        HP.wd = 0.2
    i = (step * 8) % 56
    loss, lr, wd = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, round(float(loss), 6), repr(lr), repr(wd))

print(json.dumps({
    "dict": sorted(HP.__dict__.items()),
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
}))
