"""A classifier whose logits are divided by a program Temperature object
(`MODEL(x) / TEMP`).  At first TF cannot convert a Temperature, so its division
wrapper catches the TypeError and falls back to `TEMP.__rtruediv__`, which divides by
`max(t, floor)` (t=0.8, floor=1.0: divides by 1.0).  At step 12 a "units plugin"
registers a tensor conversion function for the class (`tf.register_tensor_conversion_
function`), after which TF converts TEMP itself (to t, ignoring the floor) and never
calls `__rtruediv__`: the division changes with no attribute of TEMP changed.  At step
22 `TEMP.t = 1.5`; at step 28 `TEMP.floor = 2.0` (no effect any more in eager).  Each
step prints the loss and the temperature the step used.
Probes: library code (TF's operator wrapper and its conversion registry, keyed by
priority ints and types, not names) choosing between the program's callback and a
conversion function registered mid-run."""
import random

import numpy

random.seed(5922)
numpy.random.seed(5922)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5922)
rng = np.random.default_rng(5922)
XS = rng.normal(size=(240, 5)).astype(np.float32)
LABELS = ((XS[:, 0] > 0).astype(np.int32) * 2 + (XS[:, 1] > 0.3).astype(np.int32)).astype(np.int32)


class Temperature:
    def __init__(self, t, floor):
        self.t = t
        self.floor = floor

    def __rtruediv__(self, other):
        return other / max(self.t, self.floor)


def temperature_to_tensor(value, dtype=None, name=None, as_ref=False):
    return tf.constant(value.t, dtype=dtype or tf.float32)


TEMP = Temperature(0.8, 1.0)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(10, activation="relu"), keras.layers.Dense(4)])
OPT = keras.optimizers.Adam(learning_rate=8e-3)


def train_step(x, y):
    with tf.GradientTape() as tape:
        raw = MODEL(x, training=True)
        logits = raw / TEMP
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, raw[0, 0] / logits[0, 0]


for step in range(34):
    if step == 12:
        tf.register_tensor_conversion_function(Temperature, temperature_to_tensor)
    if step == 22:
        TEMP.t = 1.5
    if step == 28:
        TEMP.floor = 2.0
    i = (step * 24) % 216
    loss, used = train_step(tf.constant(XS[i:i + 24]), tf.constant(LABELS[i:i + 24]))
    print(step, repr(float(loss)), f"{float(used):.3f}")

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:8]],
}))
