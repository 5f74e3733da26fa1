"""Probes: a library object's __dict__ emptied and refilled (dict watcher events).

janus watches the __dict__ of every Keras object a build hands to library code with
CPython dict watchers; "a write that stores another object than the one the dict held"
marks the graph stale.  Copying a freshly configured object's state into the live one
is a common idiom, done here in its exact form: `LOSS.__dict__.clear()` followed by
`LOSS.__dict__.update(dict(vars(fresh)))`.  clear() raises the watcher event
PyDict_EVENT_CLEARED (no key is named) and update() of an empty dict from a clean
combined dict raises PyDict_EVENT_CLONED (the whole table copied at once) rather than
per-key ADDED/MODIFIED events.  At step 12 the Huber loss's delta goes from 1.0 to 0.2
this way, at step 22 its reduction to 'sum' (through a new Huber instance again)."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1815)
rng = np.random.default_rng(1815)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32) * 2.0).astype(np.float32)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.02)
LOSS = keras.losses.Huber(delta=1.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


def transplant(fresh):
    LOSS.__dict__.clear()
    LOSS.__dict__.update(dict(vars(fresh)))


for step in range(32):
    if step == 12:
        transplant(keras.losses.Huber(delta=0.2))
    if step == 22:
        transplant(keras.losses.Huber(delta=0.2, reduction="sum"))
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "kernel0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
    "kernel1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
    "delta": LOSS._fn_kwargs.get("delta") if hasattr(LOSS, "_fn_kwargs") else None,
    "reduction": LOSS.reduction,
}))
