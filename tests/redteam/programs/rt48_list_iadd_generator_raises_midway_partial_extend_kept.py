"""`self.hist += capped(values, self.cap)` where `capped` is a generator function that
yields items and raises ValueError once it has yielded `cap` of them: list_extend has
already appended the items pulled before the raise, so the list keeps a PARTIAL
extension and the step's own `except ValueError` records it.  A second generator raises
OverflowError when a per-example loss exceeds a threshold (a decision on values the
graph computes), also caught in the step after a partial extend.  The loop changes
`cap` (2, 5, 1, 3) and the threshold mid-run; the step's loss weight reads len() of the
partially-extended list.  Probes: partial side effects of an in-place operator whose
right side raises part-way, with the handler inside the step."""
import random

import numpy

random.seed(4805)
numpy.random.seed(4805)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4805)
rng = np.random.default_rng(4805)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(4, 1)))).astype(np.float32)


def capped(values, cap):
    n = 0
    for v in values:
        if n >= cap:
            raise ValueError(f"cap {cap} reached")
        n += 1
        yield v


def until_big(values, limit):
    for v in values:
        if v > limit:
            raise OverflowError("big")
        yield round(v, 4)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.1)
        self.hist = []
        self.big = []
        self.cap = 2
        self.limit = 0.3
        self.errors = []

    def train_step(self, x, y):
        scale = 1.0 / (1 + len(self.hist) % 7)
        with tf.GradientTape() as tape:
            per = tf.reduce_mean(tf.square(self.model(x) - y), axis=1)
            loss = tf.reduce_mean(per) * scale
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        v = float(loss)
        try:
            self.hist += capped([v, v * 2, v * 3, v * 4], self.cap)
        except ValueError as e:
            self.errors += [str(e), len(self.hist)]
        try:
            self.big += until_big([float(per[0]), float(per[1]), float(per[2])], self.limit)
        except OverflowError:
            self.errors += ["big", len(self.big)]
        return loss


tr = Trainer()
for step in range(32):
    if step == 8:
        tr.cap = 5
    if step == 14:
        tr.cap = 1
        tr.limit = 0.05
    if step == 22:
        tr.cap = 3
        tr.limit = 10.0
    i = (step * 4) % 60
    loss = tr.train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), len(tr.hist), [repr(v) for v in tr.hist[-2:]], len(tr.big), tr.big[-1:], tr.errors[-4:])
    if len(tr.errors) > 8:
        tr.errors = tr.errors[-4:]

print(json.dumps({"hist": [repr(v) for v in tr.hist[-6:]], "n": len(tr.hist), "big": tr.big[-6:],
                  "errors": tr.errors, "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
