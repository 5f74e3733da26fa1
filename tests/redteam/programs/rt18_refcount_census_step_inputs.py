"""Probes: reference counts of the objects a converted step reads.

The contract says a graph keeps none of the program's objects alive: identity guards
hold weak references where the type takes one, a graph call leaves no reference to its
arguments behind, the watches on library objects keep ids, not values.  Only objects
that take no weak reference (lists, dicts, ints) are admitted to be held by guards
("sys.getrefcount would see the difference").  This program measures, after every
call, sys.getrefcount of weak-referenceable objects the step reads: a config object
(plain class instance), a helper function it calls, a numpy mask array read from a
global, the Keras layer it calls, the optimizer, and the batch tensor it was passed.
At step 15 the config object is replaced by a new one (a rebuild), at step 22 the
helper is replaced.  Eager's counts are the interpreter's own and stable."""
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1814)
rng = np.random.default_rng(1814)

XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (np.tanh(XS) @ rng.normal(size=(6, 1)).astype(np.float32)).astype(np.float32)
MASK = (rng.random(size=(1, 6)) > 0.2).astype(np.float32)
LAYER = keras.layers.Dense(1)
LAYER.build((None, 6))
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Config:
    def __init__(self, scale):
        self.scale = scale


CONFIG = Config(1.0)


def helper_a(t):
    return tf.tanh(t)


def helper_b(t):
    return t / (1.0 + tf.abs(t))


HELPER = helper_a


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = HELPER(x * MASK) * CONFIG.scale
        loss = tf.reduce_mean(tf.square(LAYER(h) - y))
    grads = tape.gradient(loss, LAYER.trainable_variables)
    OPT.apply_gradients(zip(grads, LAYER.trainable_variables))
    return loss


rows = []
for step in range(30):
    if step == 15:
        CONFIG = Config(0.7)
    if step == 22:
        HELPER = helper_b
    i = (step * 8) % 56
    xb = tf.constant(XS[i:i + 8])
    loss = train_step(xb, tf.constant(YS[i:i + 8]))
    counts = [sys.getrefcount(CONFIG), sys.getrefcount(HELPER), sys.getrefcount(MASK),
              sys.getrefcount(LAYER), sys.getrefcount(OPT), sys.getrefcount(xb)]
    rows.append(counts)
    print(step, repr(float(loss)), counts)

print(json.dumps({
    "kernel": [repr(float(v)) for v in LAYER.kernel.numpy().ravel()],
    "last_counts": rows[-1],
    "distinct_rows": len({tuple(r) for r in rows}),
}))
