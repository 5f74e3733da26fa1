"""A binary classifier (custom keras.layers.Layer block inside a Sequential) trained
with a keras.losses.BinaryCrossentropy whose settings the loop changes the way a
"temporary override" helper does: it keeps the loss object's current `__dict__` in a
BACKUPS list and installs an edited copy as the object's new `__dict__`
(`BCE.__dict__ = edited`), so the old dict stays alive.  Step 10: label smoothing 0.2
(a fresh `_fn_kwargs` dict inside the copy); step 18: reduction "sum"; step 26: the
first backup (the original dict object) is put back.  Each step prints the loss, the
loss's label smoothing and reduction, and how many backups are held.
Probes: the library watch of a loss object's dict when that dict is replaced by
assignment to `__dict__` but not freed (the contract names only a replaced dict that is
freed), and a watched dict that comes back."""
import random

import numpy

random.seed(5913)
numpy.random.seed(5913)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5913)
rng = np.random.default_rng(5913)
XS = rng.normal(size=(240, 6)).astype(np.float32)
YS = ((XS[:, 0] - XS[:, 3] + 0.5 * XS[:, 4] ** 2) > 0.4).astype(np.float32)[:, None]


class ResidualBlock(keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.inner = keras.layers.Dense(units, activation="relu")
        self.proj = keras.layers.Dense(units)

    def call(self, x):
        return self.proj(x) + self.inner(x)


MODEL = keras.Sequential([keras.Input((6,)), ResidualBlock(10), keras.layers.Dense(1)])
BCE = keras.losses.BinaryCrossentropy(from_logits=True)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BACKUPS = []


def override(loss_obj, **changes):
    BACKUPS.append(loss_obj.__dict__)
    edited = dict(loss_obj.__dict__)
    edited["_fn_kwargs"] = dict(edited["_fn_kwargs"])
    for key, value in changes.items():
        if key in edited["_fn_kwargs"]:
            edited["_fn_kwargs"][key] = value
        else:
            edited[key] = value
    loss_obj.__dict__ = edited


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = BCE(y, MODEL(x, training=True))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 10:
        override(BCE, label_smoothing=0.2)
    if step == 18:
        override(BCE, reduction="sum")
    if step == 26:
        BCE.__dict__ = BACKUPS[0]
    i = (step * 20) % 220
    loss = train_step(tf.constant(XS[i:i + 20]), tf.constant(YS[i:i + 20]))
    print(step, repr(float(loss)), BCE._fn_kwargs["label_smoothing"], BCE.reduction, len(BACKUPS))

print(json.dumps({
    "k": [repr(float(v)) for v in MODEL.layers[0].proj.kernel.numpy().ravel()[:8]],
    "o": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
