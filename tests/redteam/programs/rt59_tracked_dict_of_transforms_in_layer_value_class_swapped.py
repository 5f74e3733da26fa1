"""A Sequential model whose middle layer is a program keras.layers.Layer ("Mixer") that
holds a dict of program transform objects (Keras turns `self.transforms = {...}` into
its TrackedDict) and applies them in order in `call` (`for name, t in
self.transforms.items(): h = t(h)`).  The loop re-classes the dict's values in place
(identity kept, Keras' dict untouched): `transforms["post"].__class__ = ShiftTanh` at
step 9, `transforms["pre"].g = 0.7` at step 18, `transforms["pre"].__class__ = GainRelu`
at step 27.  Each step prints the loss and the transforms' classes.
Probes: items of a Keras-tracked dict a layer holds, called implicitly by the program's
layer code inside the step, whose class changes by `__class__` assignment (the fix of
2026-12-01 pinned the classes of list and tuple items)."""
import random

import numpy

random.seed(5921)
numpy.random.seed(5921)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5921)
rng = np.random.default_rng(5921)
XS = rng.normal(size=(220, 5)).astype(np.float32)
YS = (np.abs(XS[:, :1]) * 0.8 + XS[:, 1:2] - 0.3).astype(np.float32)


class Gain:
    def __init__(self, g):
        self.g = g

    def __call__(self, h):
        return h * self.g


class GainRelu:
    def __init__(self, g):
        self.g = g

    def __call__(self, h):
        return tf.nn.relu(h) * self.g


class Shift:
    def __init__(self, b):
        self.b = b

    def __call__(self, h):
        return h + self.b


class ShiftTanh:
    def __init__(self, b):
        self.b = b

    def __call__(self, h):
        return tf.tanh(h) + self.b


class Mixer(keras.layers.Layer):
    def __init__(self, units, transforms):
        super().__init__()
        self.dense = keras.layers.Dense(units)
        self.transforms = transforms

    def call(self, x):
        h = self.dense(x)
        for name, t in self.transforms.items():
            h = t(h)
        return h


MIX = Mixer(12, {"pre": Gain(1.0), "post": Shift(0.1)})
MODEL = keras.Sequential([keras.Input((5,)), MIX, keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=5e-3)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 9:
        MIX.transforms["post"].__class__ = ShiftTanh
    if step == 18:
        MIX.transforms["pre"].g = 0.7
    if step == 27:
        MIX.transforms["pre"].__class__ = GainRelu
    i = (step * 20) % 200
    loss = train_step(tf.constant(XS[i:i + 20]), tf.constant(YS[i:i + 20]))
    print(step, repr(float(loss)), [f"{k}:{type(t).__name__}" for k, t in MIX.transforms.items()])

print(json.dumps({
    "mix": [repr(float(v)) for v in MIX.dense.kernel.numpy().ravel()[:8]],
    "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
