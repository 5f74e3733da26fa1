"""A function's attribute dict shared with an object's instance dict.  The step keeps
counters as function attributes (`note.hits += 1` inside the helper note(), a common
idiom), and reads a monitor object's attributes (MON.hits, MON.scale) to weight the loss.
At step 10 the loop makes the monitor a view of the helper's attributes:
`MON.__dict__ = note.__dict__`; at step 24 it parts them again with a copy.

While shared, a write through the function (note.hits, note.scale) is what a read
through MON sees in the same call: the write lands in the one dict both use.  A graph
that keys deferred writes by the object written through (the function) rather than by
the dict they land in reads MON.hits / MON.scale from before the write and computes
another loss weight.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(41)
np.random.seed(41)
keras.utils.set_random_seed(41)

rng = np.random.default_rng(41)
X = tf.constant(rng.normal(size=(64, 5)).astype(np.float32))
Y = tf.constant(rng.normal(size=(64, 2)).astype(np.float32))


def note(loss_value):
    note.hits += 1
    note.scale = note.scale * 0.9 + 0.1 * loss_value
    return note.hits


note.hits = 0
note.scale = 1.0


class Monitor:
    def __init__(self):
        self.hits = 100
        self.scale = 2.0


MON = Monitor()
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(2)])
opt = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        base = tf.reduce_mean(tf.square(model(x) - y))
        n = note(1.5)
        loss = base * (1.0 + 0.01 * MON.hits) + 0.1 * MON.scale
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, n


for step in range(36):
    if step == 10:
        MON.__dict__ = note.__dict__
    if step == 24:
        MON.__dict__ = dict(note.__dict__)
    i = (step * 8) % 56
    loss, n = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, repr(float(loss)), n, note.hits, repr(note.scale), MON.hits, repr(MON.scale))

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()] for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
    "note": [note.hits, repr(note.scale)],
    "mon": [MON.hits, repr(MON.scale)],
}))
