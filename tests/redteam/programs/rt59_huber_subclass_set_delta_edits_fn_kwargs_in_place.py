"""Robust regression with a program subclass of keras.losses.Huber ("AdaptiveHuber")
whose `set_delta()` edits the wrapper's keyword dict in place
(`self._fn_kwargs["delta"] = d`, the dict Keras' LossFunctionWrapper.call unpacks into
`huber(y_true, y_pred, **kwargs)` natively at every call) and whose `describe()` reads
it.  Targets carry a few large outliers.  The loop calls `set_delta(0.3)` at step 10
and `set_delta(2.5)` at step 19, and sets `LOSS.reduction = "sum"` at step 28.  Each
step prints the loss and describe().
Probes: a plain dict held by an instance of the program's own subclass of a Keras loss
(left out of the library watch as "the program's data"), changed in place between
converted steps, read inside the step only by library code."""
import random

import numpy

random.seed(5911)
numpy.random.seed(5911)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5911)
rng = np.random.default_rng(5911)
XS = rng.normal(size=(200, 4)).astype(np.float32)
YS = (XS @ np.array([[0.7], [-0.4], [0.2], [0.1]], np.float32) + 0.05 * rng.normal(size=(200, 1))).astype(np.float32)
YS[::9] += 4.0 * np.sign(rng.normal(size=(len(YS[::9]), 1))).astype(np.float32)


class AdaptiveHuber(keras.losses.Huber):
    def set_delta(self, delta):
        self._fn_kwargs["delta"] = float(delta)

    def describe(self):
        return f"delta={self._fn_kwargs['delta']} reduction={self.reduction}"


LOSS = AdaptiveHuber(delta=1.0)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x, training=True))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 10:
        LOSS.set_delta(0.3)
    if step == 19:
        LOSS.set_delta(2.5)
    if step == 28:
        LOSS.reduction = "sum"
    i = (step * 18) % 180
    loss = train_step(tf.constant(XS[i:i + 18]), tf.constant(YS[i:i + 18]))
    print(step, repr(float(loss)), LOSS.describe())

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
}))
