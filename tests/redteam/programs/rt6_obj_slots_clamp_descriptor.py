"""A __slots__ optimizer-state object whose `lr` is a data descriptor (Clamp) storing a
clamped value into the slot `_lr`. The step writes `OPT.lr = OPT.lr * 1.3` (runs
Clamp.__set__) and reads OPT.lr back in the same call, reads the possibly-unset slot
`note` with getattr(..., default) and updates the `buf` slot. Step 12: the descriptor
object's `hi` bound is lowered in place (the class dict still holds the same object).
Step 18: the `note` slot is set from outside. Step 24: it is deleted (unset again).
Step 29: the class attribute `lr` is replaced by another Clamp. Step 33: Clamp.__get__
itself is replaced on the descriptor class."""
import random

import numpy as np
import tensorflow as tf

random.seed(89)
np.random.seed(89)
tf.random.set_seed(89)

rng = np.random.default_rng(127)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))


class Clamp:
    def __init__(self, private, lo, hi):
        self.private, self.lo, self.hi = private, lo, hi

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return getattr(obj, self.private)

    def __set__(self, obj, value):
        setattr(obj, self.private, min(max(value, self.lo), self.hi))


class OptState:
    __slots__ = ("_lr", "buf", "note")
    lr = Clamp("_lr", 0.001, 0.1)

    def __init__(self):
        self.lr = 0.01
        self.buf = 0.0


OPT = OptState()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.lr = OPT.lr * 1.3
    lr = OPT.lr
    OPT.buf = 0.9 * OPT.buf + float(loss)
    note = getattr(OPT, "note", "none")
    W.assign_sub(lr * g)
    return loss, lr, OPT.buf, note


def scaled_get(self, obj, owner=None):
    if obj is None:
        return self
    return getattr(obj, self.private) * 0.5


for step in range(37):
    if step == 12:
        OptState.__dict__["lr"].hi = 0.02
    elif step == 18:
        OPT.note = "tuned"
    elif step == 24:
        del OPT.note
    elif step == 29:
        OptState.lr = Clamp("_lr", 0.05, 0.5)
    elif step == 33:
        Clamp.__get__ = scaled_get
    i = (step * 16) % 48
    loss, lr, buf, note = train_step(X[i:i + 16], Y[i:i + 16])
    print(step, repr(float(loss)), repr(lr), repr(buf), note, repr(OPT._lr))

print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
print("slots", repr(OPT._lr), repr(OPT.buf), hasattr(OPT, "note"), OptState.lr.hi)
