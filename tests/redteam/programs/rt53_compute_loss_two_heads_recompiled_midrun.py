"""A two-headed functional model trained by a custom loop that asks Keras for the loss:
`MODEL.compute_loss(x=x, y=(y1, y2), y_pred=(p1, p2), sample_weight=w)` inside the tape
(the compiled per-output losses, their `loss_weights`, plus the L2 penalty of a kernel
regularizer that compute_loss adds from `model.losses`), then
`MODEL.optimizer.apply(grads, MODEL.trainable_variables)`.  The loop recompiles mid-run
with the same optimizer object: swapped losses and other loss weights at step 10, a
dict of losses keyed by output name at step 18, and at step 24 it edits the
regularizer's `l2` factor in place.  Probes: Keras 3 `compute_loss` reading the
compiled-loss object `compile()` replaces, the loss tracker metrics it feeds, and a
regularizer object's attribute read inside `model.losses`, all changed between
converted steps."""
import random

import numpy

random.seed(532)
numpy.random.seed(532)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(532)
rng = np.random.default_rng(532)
XS = rng.normal(size=(192, 6)).astype(np.float32)
Y1 = (XS[:, :2].sum(axis=1, keepdims=True) * 0.5).astype(np.float32)
Y2 = (np.sin(XS[:, 2:3]) + 0.3 * XS[:, 3:4]).astype(np.float32)
SW = (0.5 + rng.random(size=(192,))).astype(np.float32)

REG = keras.regularizers.L2(0.001)
inp = keras.Input((6,))
trunk = keras.layers.Dense(10, activation="relu", kernel_regularizer=REG, name="trunk")(inp)
o1 = keras.layers.Dense(1, name="sum_head")(trunk)
o2 = keras.layers.Dense(1, name="sin_head")(trunk)
MODEL = keras.Model(inp, [o1, o2])
MODEL.compile(optimizer=keras.optimizers.Adam(0.01), loss=["mse", "mae"], loss_weights=[1.0, 0.5])


def train_step(x, y1, y2, w):
    with tf.GradientTape() as tape:
        p1, p2 = MODEL(x, training=True)
        loss = MODEL.compute_loss(x=x, y=(y1, y2), y_pred=(p1, p2), sample_weight=w)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    MODEL.optimizer.apply(grads, MODEL.trainable_variables)
    return loss


for step in range(30):
    if step == 10:
        MODEL.compile(optimizer=MODEL.optimizer, loss=["mae", "mse"], loss_weights=[0.3, 2.0])
    if step == 18:
        MODEL.compile(optimizer=MODEL.optimizer,
                      loss={"sin_head": "huber", "sum_head": "mse"},
                      loss_weights={"sin_head": 1.5, "sum_head": 0.25})
    if step == 24:
        REG.l2 = 0.05
    i = (step * 16) % 176
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(Y1[i:i + 16]),
                      tf.constant(Y2[i:i + 16]), tf.constant(SW[i:i + 16]))
    print(step, repr(float(loss)), repr(float(MODEL.get_layer("trunk").kernel.numpy()[0, 0])),
          [(m.name, repr(float(m.result()))) for m in MODEL.metrics])

print(json.dumps({
    "trunk": [repr(float(v)) for v in MODEL.get_layer("trunk").kernel.numpy().ravel()[:6]],
    "sin": [repr(float(v)) for v in MODEL.get_layer("sin_head").kernel.numpy().ravel()[:4]],
    "iters": int(MODEL.optimizer.iterations.numpy()),
    "metrics": [m.name for m in MODEL.metrics],
}))
