"""The caller keeps one mutable HParams object and decays `hp.lr` in place every step.
The step takes a snapshot `Snap(hp.lr, hp.mom)` (an object the step makes and stores
as `self.prev`) and resets momentum buffers when `snap != self.prev`; Snap's `__eq__`
is tolerance-based and reads the class attribute `Snap.tol`, which the caller tightens
at step 13 so every later call resets.  janus inlines a user `__eq__`/`__ne__` and
makes stored objects anew at commit; the class attribute the comparison reads must be
followed, and the comparison made against the previous call's snapshot."""
import random

import numpy

random.seed(9)
numpy.random.seed(9)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4206)
rng = np.random.default_rng(4206)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.cos(XS[:, :1]) * XS[:, 1:2]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
M = [tf.Variable(tf.zeros_like(W1)), tf.Variable(tf.zeros_like(W2))]


class HParams:
    def __init__(self, lr, mom):
        self.lr = lr
        self.mom = mom


class Snap:
    tol = 1e-3
    __hash__ = None

    def __init__(self, lr, mom):
        self.lr = lr
        self.mom = mom

    def __eq__(self, other):
        if not isinstance(other, Snap):
            return NotImplemented
        return abs(self.lr - other.lr) < Snap.tol and self.mom == other.mom


class Trainer:
    def __init__(self):
        self.prev = None
        self.resets = 0

    def step(self, x, y, hp):
        snap = Snap(hp.lr, hp.mom)
        changed = snap != self.prev
        if changed:
            self.resets += 1
        keep = 0.0 if changed else 1.0
        for m in M:
            m.assign(keep * m)
        self.prev = snap
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
        grads = tape.gradient(loss, [W1, W2])
        for m, v, g in zip(M, [W1, W2], grads):
            m.assign(snap.mom * m + g)
            v.assign_sub(snap.lr * m)
        return loss


tr = Trainer()
hp = HParams(0.05, 0.9)
for step in range(30):
    if step == 13:
        Snap.tol = 1e-6
    i = (step * 8) % 56
    hp.lr = 0.05 * (0.9995 ** step)
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), hp)
    print(step, repr(float(loss)), tr.resets, repr(tr.prev.lr))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "resets": tr.resets,
}))
