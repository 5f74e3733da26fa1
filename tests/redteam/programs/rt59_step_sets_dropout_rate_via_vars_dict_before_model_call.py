"""A functional MLP with a keras.layers.Dropout (seed fixed) whose rate the *step
itself* sets before calling the model, writing the layer's attribute dict directly --
`vars(DROP)["rate"] = RATES[PHASE]`, the usual way around Keras' tracking
`__setattr__` -- and Keras' Dropout.call then reads `self.rate` natively inside the
same step.  The loop changes the phase (a str global) at steps 8 ("main") and 26
("cool"), and edits the rate table in place at step 17.  Each step prints the loss and
DROP.rate after the step.
Probes: a write the step makes into a library object's `__dict__` as a dict item (not
an attribute write janus writes through while building), followed inside the same call
by library code that reads that attribute natively."""
import random

import numpy

random.seed(5925)
numpy.random.seed(5925)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5925)
rng = np.random.default_rng(5925)
XS = rng.normal(size=(220, 8)).astype(np.float32)
YS = (XS[:, :3].mean(axis=1, keepdims=True) * 2.0 - 0.4 * XS[:, 6:7]).astype(np.float32)

inp = keras.Input((8,))
h = keras.layers.Dense(20, activation="relu")(inp)
DROP = keras.layers.Dropout(0.1, seed=5)
out = keras.layers.Dense(1)(DROP(h))
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.Adam(learning_rate=5e-3)
RATES = {"warm": 0.0, "main": 0.25, "cool": 0.05}
PHASE = "warm"


def train_step(x, y):
    vars(DROP)["rate"] = RATES[PHASE]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 8:
        PHASE = "main"
    if step == 17:
        RATES["main"] = 0.5
    if step == 26:
        PHASE = "cool"
    i = (step * 20) % 200
    loss = train_step(tf.constant(XS[i:i + 20]), tf.constant(YS[i:i + 20]))
    print(step, repr(float(loss)), DROP.rate)

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()[:8]],
}))
