"""A metric tracker whose `__bool__` and `__len__` log each call and bump a counter.  The
step tests `if tracker:` before recording the loss, iterates `range(len(tracker))` over
its window of Python floats to compute a smoothed loss that scales the update, and uses
`len(tracker) or 1` (one more `__len__`, then truth of an int).  Between steps the loop
flips `enabled`, trims the window, deletes `__bool__` from the class mid-run (so truth
falls back to `__len__`), and later puts a new `__bool__` on the class.
Probes: `__bool__`/`__len__` calls (count and order) from truth tests, `len()` and
`range(len(...))` in a converted step, and class-level changes of those dunders."""
import random

import numpy

random.seed(4903)
numpy.random.seed(4903)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4903)
rng = np.random.default_rng(4903)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] * 1.5 - XS[:, 1:2]).astype(np.float32)

LOG = []


class Tracker:
    calls = 0

    def __init__(self):
        self.vals = []
        self.enabled = True

    def __bool__(self):
        Tracker.calls += 1
        LOG.append(("bool", self.enabled))
        return self.enabled

    def __len__(self):
        Tracker.calls += 1
        LOG.append(("len", len(self.vals)))
        return len(self.vals)


TRACK = Tracker()
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    total = 0.0
    for k in range(len(TRACK)):
        total += TRACK.vals[k]
    n = len(TRACK) or 1
    smooth = total / n
    scale = 1.0 if smooth == 0.0 else min(1.0, 1.0 / (1.0 + smooth))
    OPT.apply_gradients(zip([g * scale for g in grads], MODEL.trainable_variables))
    if TRACK:
        TRACK.vals.append(float(loss))
    return loss, scale


for step in range(30):
    if step == 6:
        TRACK.enabled = False
    if step == 9:
        TRACK.enabled = True
        del TRACK.vals[:-2]
    if step == 13:
        del Tracker.__bool__
    if step == 19:
        TRACK.vals.clear()
    if step == 24:
        def bool_gate(self):
            LOG.append(("gate", len(self.vals) < 3))
            return len(self.vals) < 3
        Tracker.__bool__ = bool_gate
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, scale = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(scale), Tracker.calls, LOG[n0:])

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
                  "vals": [repr(v) for v in TRACK.vals], "calls": Tracker.calls}))
