"""Manual loss scaling through Keras' optimizer: the step computes
`scaled = OPT.scale_loss(loss)` inside the tape (loss * loss_scale_factor when the
factor is set) and takes gradients of the scaled loss; `apply_gradients` divides them by
the same factor.  The factor is a plain attribute of the optimizer, read by library code
in both places.  The loop sets it to 1024.0 (step 6: exact in binary), to 3.0 (step 12:
g * 3 / 3 rounds), to 0.1 (step 18) and back to None (step 24).  The step prints the
scaled loss too.
Probes: an optimizer attribute read by two library methods of one step (before the
tape's gradient and inside apply_gradients), changed between converted calls, with
round-off that must be eager's bit for bit."""
import random

import numpy

random.seed(5519)
numpy.random.seed(5519)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5519)
rng = np.random.default_rng(5519)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 2)).astype(np.float32)).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(9, activation="gelu"),
                          keras.layers.Dense(2)])
OPT = keras.optimizers.Adam(learning_rate=0.005)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
        scaled = OPT.scale_loss(loss)
    grads = tape.gradient(scaled, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, scaled


for step in range(30):
    if step == 6:
        OPT.loss_scale_factor = 1024.0
    if step == 12:
        OPT.loss_scale_factor = 3.0
    if step == 18:
        OPT.loss_scale_factor = 0.1
    if step == 24:
        OPT.loss_scale_factor = None
    i = (step * 16) % 112
    loss, scaled = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(float(scaled)),
          repr(float(MODEL.layers[0].kernel.numpy()[0, 0])))

print(json.dumps({"k": [repr(float(t)) for t in MODEL.layers[0].kernel.numpy().ravel()[:15]],
                  "m": [repr(float(t)) for t in OPT.variables[1].numpy().ravel()[:6]]}))
