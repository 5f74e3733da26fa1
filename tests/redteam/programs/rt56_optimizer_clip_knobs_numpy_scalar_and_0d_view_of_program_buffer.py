"""Gradient-clipping knobs of an SGD optimizer are given numpy objects, as configs
loaded from .npz files hand them over: at step 6 `OPT.clipvalue` is set to a 0-d VIEW
into a program array (`KNOBS.reshape(-1)[0:1].reshape(())`), so the loop's
`KNOBS[0] = 0.02` at step 11 changes what the optimizer holds without assigning
anything to it; at step 16 `OPT.clipvalue = None` and `OPT.global_clipnorm =
np.float32(0.3)` (an immutable numpy scalar); at step 21 `OPT.global_clipnorm =
KNOBS[1:2]` (a 1-element view), then edited through the base array at step 26
(`KNOBS[1] = 0.05`) and step 30 (`KNOBS[:] = [1.0, 2.0]`).  Probes: numpy arrays held
by a library object that are views of a program array written in place (the view
object itself is never written)."""
import random

import numpy

random.seed(5639)
numpy.random.seed(5639)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5639)
rng = np.random.default_rng(5639)
XS = rng.normal(size=(128, 4)).astype(np.float32) * 2.0
YS = (XS[:, :1] * 3.0 - XS[:, 1:2] * XS[:, 2:3] + 1.0).astype(np.float32)

KNOBS = np.array([0.5, 1.0], dtype=np.float32)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.02, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 6:
        OPT.clipvalue = KNOBS.reshape(-1)[0:1].reshape(())
    if step == 11:
        KNOBS[0] = 0.02
    if step == 16:
        OPT.clipvalue = None
        OPT.global_clipnorm = np.float32(0.3)
    if step == 21:
        OPT.global_clipnorm = KNOBS[1:2]
    if step == 26:
        KNOBS[1] = 0.05
    if step == 30:
        KNOBS[:] = [1.0, 2.0]
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(MODEL.layers[0].kernel.numpy()[0, 0])),
          repr(float(MODEL.layers[1].bias.numpy()[0])))

print(json.dumps({"k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
                  "knobs": KNOBS.tolist()}))
