"""A metrics tracker that caches bound methods of its history list at construction:
`self.emit = self.history.append`, `self.count = self.history.__len__`,
`self.last = self.history.__getitem__`.  The step emits float(loss), then asks
`count()`, `last(-1)` and `len(self.history)` and uses the count in the next loss's
weight.  At step 10 the loop "resets" the tracker with `TRACK.history = []`, but the
cached bound methods still belong to the old list, so in eager emit/count/last keep
working on the old list while `len(TRACK.history)` stays 0.  Probes: list methods
reached through bound-method objects stored as attributes (their `__self__` is the
list), mutating and reading the program's list in the same call."""
import random

import numpy

random.seed(4514)
numpy.random.seed(4514)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4514)
rng = np.random.default_rng(4514)
XS = rng.normal(size=(84, 5)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 4:5] + 0.2).astype(np.float32)


class Tracker:
    def __init__(self):
        self.history = []
        self.emit = self.history.append
        self.count = self.history.__len__
        self.last = self.history.__getitem__


MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.04)
TRACK = Tracker()
OLD = TRACK.history


def train_step(x, y, weight):
    with tf.GradientTape() as tape:
        loss = weight * tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    TRACK.emit(float(loss))
    n = TRACK.count()
    last = TRACK.last(-1)
    visible = len(TRACK.history)
    return loss, n, last, visible, 1.0 + 0.02 * (n % 5)


weight = 1.0
for step in range(24):
    if step == 10:
        TRACK.history = []
    i = (step * 7) % 77
    loss, n, last, visible, weight = train_step(tf.constant(XS[i:i + 7]), tf.constant(YS[i:i + 7]), weight)
    print(step, repr(float(loss)), n, repr(last), visible, repr(weight), len(OLD),
          last is OLD[-1])

print(json.dumps({"old": [repr(v) for v in OLD[-3:]], "new": TRACK.history,
                  "b": [repr(float(v)) for v in MODEL.layers[0].bias.numpy()]}))
