"""Per-parameter statistics are refreshed by the step with
`STATS.update((name, checked(name, value)) for name, value in fresh)` where `fresh` is a
list of (name, float) pairs the step computes from the gradients' norms, and
`checked()` raises ValueError for the name the global `QUARANTINE` holds.  dict.update
consumes the generator pair by pair, so the pairs before the failing one have landed
when the exception leaves update(); the step catches it, counts it, and still applies
the gradients.  The loop sets QUARANTINE to the second name at step 8, to the first at
step 15 (nothing lands), to a name not present at step 22, and back to the third at
step 28.
Probes: dict.update() from a generator made in the step that raises part-way (the
partial update kept, as CPython keeps it), caught by the step's own handler, with the
quarantined name changed between calls."""
import random

import numpy

random.seed(5504)
numpy.random.seed(5504)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5504)
rng = np.random.default_rng(5504)
XS = rng.normal(size=(144, 5)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - XS[:, 1:2] * 0.5).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(7, activation="elu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.03, momentum=0.5)
NAMES = ["k0", "b0", "k1", "b1"]
STATS = {"k0": 0.0, "b0": 0.0, "k1": 0.0, "b1": 0.0}
QUARANTINE = None
FAILURES = 0


def checked(name, value):
    if name == QUARANTINE:
        raise ValueError(f"quarantined parameter {name}")
    return round(value, 6)


def train_step(x, y):
    global FAILURES
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    fresh = [(n, float(tf.norm(g))) for n, g in zip(NAMES, grads)]
    try:
        STATS.update((name, checked(name, value)) for name, value in fresh)
    except ValueError as e:
        FAILURES += 1
        print("  stats update stopped:", e)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 8:
        QUARANTINE = "b0"
    if step == 15:
        QUARANTINE = "k0"
    if step == 22:
        QUARANTINE = "zz"
    if step == 28:
        QUARANTINE = "k1"
    i = (step * 16) % 128
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), FAILURES, {k: repr(v) for k, v in STATS.items()})

print(json.dumps({"stats": {k: repr(v) for k, v in STATS.items()}, "failures": FAILURES,
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
