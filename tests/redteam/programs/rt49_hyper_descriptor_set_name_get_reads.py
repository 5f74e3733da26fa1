"""Hyper-parameters declared on a trainer class as `Hyper` non-data descriptors:
`__set_name__` logs when a class is created (it records the attribute name) and
`__get__` logs and counts every read, returning the value from the instance's
`_hp` dict.  The step is a method of the trainer reading `self.lr` twice, `self.beta`
once and `Trainer.lr` through the class (a `__get__` with instance None).  Mid-run the
loop creates a subclass with a new `Hyper` (its `__set_name__` logs then) and swaps the
trainer's `__class__` to it, then shadows `lr` in the instance `__dict__` (a non-data
descriptor loses to the instance dict, so `__get__` stops running for it), then removes
the shadow.  Probes: descriptor `__get__` calls (count, order, owner) inside a converted
method step, `__set_name__` at class creation between steps, and the precedence of the
instance dict over a non-data descriptor."""
import random

import numpy

random.seed(4913)
numpy.random.seed(4913)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4913)
rng = np.random.default_rng(4913)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.maximum(XS[:, :1], 0.0) + 0.5 * XS[:, 1:2]).astype(np.float32)

LOG = []


class Hyper:
    reads = 0

    def __init__(self, default):
        self.default = default
        self.name = None

    def __set_name__(self, owner, name):
        LOG.append(("set_name", owner.__name__, name))
        self.name = name

    def __get__(self, obj, owner=None):
        Hyper.reads += 1
        LOG.append(("get", self.name, None if obj is None else owner.__name__))
        if obj is None:
            return self.default
        return obj._hp.get(self.name, self.default)


class Trainer:
    lr = Hyper(0.05)
    beta = Hyper(0.9)

    def __init__(self):
        self._hp = {}
        self.w = tf.Variable(tf.zeros((4, 1)))
        self.m = tf.Variable(tf.zeros((4, 1)))

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w - y))
        g = tape.gradient(loss, self.w)
        self.m.assign(self.beta * self.m + (1.0 - self.beta) * g)
        step_size = 0.5 * (self.lr + Trainer.lr)
        self.w.assign_sub(step_size * self.m)
        return loss, step_size


TR = Trainer()

for step in range(30):
    if step == 7:
        TR._hp["lr"] = 0.1
    if step == 11:
        class FastTrainer(Trainer):
            beta = Hyper(0.5)
        TR.__class__ = FastTrainer
    if step == 16:
        TR.__dict__["lr"] = 0.08
    if step == 21:
        del TR.__dict__["lr"]
        TR._hp["beta"] = 0.7
    if step == 25:
        Trainer.lr = Hyper(0.2)
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, ss = TR.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(ss), Hyper.reads, LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in TR.w.numpy().ravel()], "reads": Hyper.reads,
                  "cls": type(TR).__name__}))
