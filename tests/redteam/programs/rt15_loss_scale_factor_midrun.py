"""Probe: the Keras 3 optimizer's `loss_scale_factor` changed mid-run, with the step
scaling its loss through `opt.scale_loss(loss)`.

The step computes `scaled = opt.scale_loss(loss)` (library code: multiplies by
`opt.loss_scale_factor` when it is not None) under the tape, takes gradients of the
scaled loss and calls apply_gradients, which divides the gradients by the factor
again (read a second time, in apply). The factor is None for steps 0-7, then 1024.0
(a float), then at step 14 the int 3, at step 20 a numpy float32 np.float32(0.25), and
at step 26 None again. With float32 gradients the unscaled result differs from the
unscaled path by rounding, and the int/np.float32 variants take other conversion
paths. The step also prints `opt.scale_loss(1.0)` (a Python float in, whatever the
library returns out). A graph that froze the factor (or its None-ness) at build, or
converts the numpy scalar differently, diverges. Mechanism: an optimizer attribute
read in two places (scale_loss in the step, unscale in apply), with changes of type."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1540)
rng = np.random.default_rng(1540)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (np.sin(XS @ rng.normal(size=(5, 1)))).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(7, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
        scaled = opt.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    probe = opt.scale_loss(1.0)
    return loss, scaled, probe


for step in range(32):
    if step == 8:
        opt.loss_scale_factor = 1024.0
    if step == 14:
        opt.loss_scale_factor = 3
    if step == 20:
        opt.loss_scale_factor = np.float32(0.25)
    if step == 26:
        opt.loss_scale_factor = None
    i = (step * 8) % 56
    loss, scaled, probe = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(scaled)), type(probe).__name__, repr(probe))

print(json.dumps({"w": [repr(float(v)) for v in model.trainable_variables[0].numpy().ravel()[:6]],
                  "iterations": int(opt.iterations.numpy())}))
