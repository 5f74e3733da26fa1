"""The classic shared-mutable-default: `Snapshot.__init__(self, loss, notes=[])` keeps
`notes` and appends to it, so every Snapshot made without notes shares the one default
list, which grows at every call.  The step makes a Snapshot per call, stores it in a
history, and reads `len(snap.notes)` (the count so far) into the loss scale for the next
step.  At step 12 the loop replaces `Snapshot.__init__.__defaults__` with a fresh list,
so later snapshots share a new list and the count restarts.  Probes: objects the step
makes and stores that hold a list from outside the call (a function default), which
the call appends to: identity and contents of that list after the commit."""
import random

import numpy

random.seed(4509)
numpy.random.seed(4509)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4509)
rng = np.random.default_rng(4509)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] - XS[:, 2:3] * 0.5).astype(np.float32)


class Snapshot:
    def __init__(self, loss, notes=[]):
        self.loss = loss
        self.notes = notes
        self.notes.append(loss)


MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
HISTORY = []


def train_step(x, y, scale):
    with tf.GradientTape() as tape:
        loss = scale * tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    snap = Snapshot(float(loss))
    HISTORY.append(snap)
    return loss, 1.0 + 0.01 * len(snap.notes)


scale = 1.0
for step in range(24):
    if step == 12:
        Snapshot.__init__.__defaults__ = ([],)
    i = (step * 8) % 56
    loss, scale = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), scale)
    s = HISTORY[-1]
    print(step, repr(float(loss)), repr(scale), len(s.notes), s.notes is HISTORY[0].notes,
          s.notes[-1] is s.loss)

print(json.dumps({"first": [repr(v) for v in HISTORY[0].notes[-3:]],
                  "last": [repr(v) for v in HISTORY[-1].notes],
                  "kernel": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]]}))
