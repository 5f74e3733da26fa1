"""A functional two-input classifier trained with Adam whose learning rate is the C
bound method `LR_CELL.item` of a one-element float64 ndarray (a "knob" a dashboard
would edit).  Keras calls it with no arguments at every `apply_gradients` and gets a
Python float.  The loop decays the knob in place -- `LR_CELL[0] *= 0.5` at step 9,
`LR_CELL[...] = 4e-3` at step 17 (a bump), `np.multiply(LR_CELL, 0.25, out=LR_CELL)` at
step 26 -- without ever rebinding anything a dict holds.  Each step prints the loss and
the knob.
Probes: an optimizer's callable learning rate that is a builtin method of a numpy array
(not a Python function the builder interprets, not an ndarray attribute the library
watch compares): the array's contents change in place between converted steps."""
import random

import numpy

random.seed(5902)
numpy.random.seed(5902)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5902)
rng = np.random.default_rng(5902)
XA = rng.normal(size=(240, 4)).astype(np.float32)
XB = rng.normal(size=(240, 3)).astype(np.float32)
LABELS = ((XA[:, 0] + XB[:, 1] > 0).astype(np.int32) + (XA[:, 2] > 0.8).astype(np.int32)).astype(np.int32)

a_in = keras.Input((4,), name="a")
b_in = keras.Input((3,), name="b")
h = keras.layers.Concatenate()([keras.layers.Dense(8, activation="relu")(a_in),
                                keras.layers.Dense(8, activation="relu")(b_in)])
out = keras.layers.Dense(3)(h)
MODEL = keras.Model([a_in, b_in], out)
LR_CELL = np.array([1e-2])
OPT = keras.optimizers.Adam(learning_rate=LR_CELL.item)
CE = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(a, b, y):
    with tf.GradientTape() as tape:
        logits = MODEL([a, b], training=True)
        loss = CE(y, logits)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(33):
    if step == 9:
        LR_CELL[0] *= 0.5
    if step == 17:
        LR_CELL[...] = 4e-3
    if step == 26:
        np.multiply(LR_CELL, 0.25, out=LR_CELL)
    i = (step * 24) % 216
    loss = train_step(tf.constant(XA[i:i + 24]), tf.constant(XB[i:i + 24]), tf.constant(LABELS[i:i + 24]))
    print(step, repr(float(loss)), repr(float(LR_CELL[0])))

print(json.dumps({
    "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()[:9]],
    "m": [repr(float(v)) for v in OPT.variables[2].numpy().ravel()[:4]],
}))
