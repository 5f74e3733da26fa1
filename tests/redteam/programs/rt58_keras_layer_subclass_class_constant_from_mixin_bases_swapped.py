"""A Sequential model holding a program Keras layer `Shift(MixA, keras.layers.Layer)`
whose `call` adds `self.OFFSET` and multiplies by `self.GAIN`, class constants found on
the mixin.  Mid-run the layer class's bases are reassigned to (MixB, Layer) (step 8),
MixB's GAIN is changed on MixB (step 14), the bases are reassigned to
(MixA, MixB, Layer) (step 20), and MixA's OFFSET is deleted so MixB's is found
(step 26).
Probes: class attributes library-called program layer code reads through the MRO of a
Keras-layer subclass whose `__bases__` is reassigned, within a Sequential."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5821)
rng = np.random.default_rng(5821)
XS = rng.normal(size=(110, 5)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] ** 2 * 0.3).astype(np.float32)


class MixA:
    OFFSET = 0.1
    GAIN = 1.0


class MixB:
    OFFSET = -0.2
    GAIN = 0.5


class Shift(MixA, keras.layers.Layer):
    def call(self, x):
        return (x + self.OFFSET) * self.GAIN


MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          Shift(), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 8:
        Shift.__bases__ = (MixB, keras.layers.Layer)
    if step == 14:
        MixB.GAIN = 2.0
    if step == 20:
        Shift.__bases__ = (MixA, MixB, keras.layers.Layer)
    if step == 26:
        del MixA.OFFSET
    i = (step * 10) % 100
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), MODEL.layers[1].OFFSET, MODEL.layers[1].GAIN)

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
