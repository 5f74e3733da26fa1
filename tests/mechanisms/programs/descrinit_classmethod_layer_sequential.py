"""A Keras Sequential regressor with a custom `Gate` layer whose call multiplies its
input by `self.gain()`, a classmethod reading a class attribute.  Mid-run the loop
re-initialises that classmethod object in place (`Gate.__dict__["gain"].__init__(fn)`),
so the same class dict entry binds a different function returning a different gain."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(23)


def gain_double(cls):
    return cls.base * 2.0


def gain_neg(cls):
    return -cls.base


def gain_unit(cls):
    return cls.base


class Gate(keras.layers.Layer):
    base = 1.0

    @classmethod
    def gain(cls):
        return cls.base

    def call(self, x):
        return x * self.gain()


rng = np.random.default_rng(71)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] + XS[:, 1:2] * XS[:, 3:] - 0.5 * XS[:, 2:3]).astype(np.float32)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"), Gate(),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        Gate.__dict__["gain"].__init__(gain_double)
    if step == 14:
        Gate.__dict__["gain"].__init__(gain_neg)
    if step == 19:
        Gate.__dict__["gain"].__init__(gain_unit)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), Gate.gain())
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))
