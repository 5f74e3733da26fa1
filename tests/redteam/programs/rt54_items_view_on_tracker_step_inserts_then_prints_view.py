"""A metrics tracker object keeps a dict of running statistics (self.stats) and, made once
in __init__, a live items view of it (self.view) and a values view (self.vals).  The step
writes the stats dict through its name (a new key the first time a phase is seen, the
running loss for the current phase every call), then reads the dict back only through the
views: it prints the items view, sums the values view and iterates the items view to
build a penalty.  The loop changes the phase string (a new key appears mid-run inside the
step), and resets one entry from outside.
Probes: a view kept on an object sees the call's own writes to the dict it views (the
call's copy vs the caller's dict), and print of a live view after such a write."""
import random

import numpy

random.seed(5403)
numpy.random.seed(5403)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5403)
rng = np.random.default_rng(5403)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(5, 1))) * 0.8).astype(np.float32)


class Tracker:
    def __init__(self):
        self.stats = {"base": 0.5}
        self.view = self.stats.items()
        self.vals = self.stats.values()
        self.phase = "warm"


TRACK = Tracker()
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(MODEL(x) - y))
        TRACK.stats[TRACK.phase] = float(mse)
        print("  view:", TRACK.view)
        penalty = 0.0
        for name, val in TRACK.view:
            if name != "base":
                penalty = penalty + 0.01 * val
        loss = mse + penalty * tf.reduce_sum(tf.square(MODEL.layers[-1].kernel))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, sum(TRACK.vals), len(TRACK.view)


for step in range(34):
    if step == 9:
        TRACK.phase = "main"
    if step == 18:
        TRACK.stats["base"] = 0.25
    if step == 23:
        TRACK.phase = "cool"
    if step == 29:
        del TRACK.stats["warm"]
    i = (step * 8) % 72
    try:
        loss, total, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), repr(total), n, list(TRACK.view))
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"k": [repr(float(a)) for a in MODEL.layers[-1].kernel.numpy().ravel()],
                  "stats": {k: repr(v) for k, v in TRACK.stats.items()}}))
