"""The training step is a closure made by a factory (`make_trainer`) that also returns
sibling closures sharing its cells: `set_scale` (nonlocal scale), `swap_opt`
(nonlocal opt) and the history list.  Mid-run the loop calls `set_scale(0.5)` at step 8,
`swap_opt(Adam)` at step 14 (the step's optimizer is now read from the cell), writes the
cell directly through `train_step.__closure__[i].cell_contents = 2.0` at step 20, clears
the history list through the handle at step 25, and calls `set_scale(1)` (an int) at
step 29.  The step appends float(loss) to the history and returns it with the scale it
used.  Probes: the step's own closure cells rebound between calls by other closures
and by `cell_contents` assignment, with a library object (an optimizer) in a cell."""
import random

import numpy

random.seed(5620)
numpy.random.seed(5620)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5620)
rng = np.random.default_rng(5620)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] - XS[:, 2:3]).astype(np.float32)


def make_trainer(model, lr):
    opt = keras.optimizers.SGD(learning_rate=lr)
    scale = 1.0
    hist = []

    def set_scale(v):
        nonlocal scale
        scale = v

    def swap_opt(new):
        nonlocal opt
        opt = new

    def train_step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x, training=True) - y)) * scale
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        hist.append(float(loss))
        return loss, scale, len(hist)

    return train_step, set_scale, swap_opt, hist


MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(10, activation="tanh"),
                          keras.layers.Dense(1)])
train_step, set_scale, swap_opt, HIST = make_trainer(MODEL, 0.05)
SCALE_CELL = train_step.__closure__[train_step.__code__.co_freevars.index("scale")]

for step in range(32):
    if step == 8:
        set_scale(0.5)
    if step == 14:
        swap_opt(keras.optimizers.Adam(learning_rate=0.01))
    if step == 20:
        SCALE_CELL.cell_contents = 2.0
    if step == 25:
        HIST.clear()
    if step == 29:
        set_scale(1)
    i = (step * 8) % 120
    loss, scale, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(scale), n, repr(HIST[-1]))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "out": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
                  "hist": [repr(v) for v in HIST]}))
