"""Namedtuple and typing.NamedTuple configs read by field name and index in the step;
replaced with `_replace`; class-level attributes of the namedtuple classes changed.

    Cfg = namedtuple("Cfg", "lr l2 act")          CFG = Cfg(0.05, 0.0, "tanh")
    class Sched(NamedTuple): base: float; warm: int = 4; def factor(self, step): ...
    Cfg.SCALE = 1.0   (a plain class attribute added to the namedtuple class, read as CFG.SCALE)

  step 11: CFG = CFG._replace(lr=0.02)          (a new namedtuple object)
  step 15: Cfg.SCALE = 0.5                       (class attribute of the namedtuple class)
  step 19: CFG = CFG._replace(act="relu", l2=0.01)
  step 23: Sched.factor = lambda self, step: 0.5 (method replaced on the NamedTuple class)
  step 27: SCHED = Sched(0.5, warm=30)           (default field overridden)
  step 31: Cfg.lr = property(lambda self: self[0] * 2)  (the field accessor itself replaced)
A converter that guards the instance but not the class attributes it reads through, or
reads fields natively at build time, keeps the old lr/act/scale/factor; printed values,
losses and weights differ.
"""
import collections
import random
from typing import NamedTuple

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(831)

Cfg = collections.namedtuple("Cfg", "lr l2 act")
Cfg.SCALE = 1.0
CFG = Cfg(0.05, 0.0, "tanh")


class Sched(NamedTuple):
    base: float
    warm: int = 4

    def factor(self, step):
        return self.base * min(1.0, (step + 1) / self.warm)


SCHED = Sched(1.0)
ACTS = {"tanh": tf.tanh, "relu": tf.nn.relu}

rng = np.random.default_rng(831)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 2.0) + XS[:, 4:5]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 10)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(10, 1)).astype(np.float32) * 0.3)


def train_step(x, y, step):
    lr = CFG.lr * CFG.SCALE * SCHED.factor(step)
    act = ACTS[CFG[2]]
    with tf.GradientTape() as tape:
        pred = act(x @ W1) @ W2
        loss = tf.reduce_mean(tf.square(pred - y)) + CFG.l2 * tf.reduce_sum(W1 * W1)
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(lr * g1)
    W2.assign_sub(lr * g2)
    print("  cfg", CFG, "lr", repr(lr), "fields", CFG._fields, SCHED, CFG == (0.02, 0.0, "tanh"))
    return loss, CFG


for step in range(36):
    if step == 11:
        CFG = CFG._replace(lr=0.02)
    if step == 15:
        Cfg.SCALE = 0.5
    if step == 19:
        CFG = CFG._replace(act="relu", l2=0.01)
    if step == 23:
        Sched.factor = lambda self, step: 0.5
    if step == 27:
        SCHED = Sched(0.5, warm=30)
    if step == 31:
        Cfg.lr = property(lambda self: self[0] * 2)
    i = (step * 8) % 56
    loss, cfg = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), cfg is CFG, type(cfg).__name__, cfg.lr)

print("final", repr(float(tf.reduce_sum(W1))), repr(float(tf.reduce_sum(W2))))
print("state", CFG, CFG._asdict(), SCHED, Cfg.SCALE)
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
