"""A subclassed Keras model built from a custom `Gain` layer whose `call` multiplies by
`self.gain`.  `gain` is declared on the layer class as a non-data descriptor `Tuned`
(`__get__` only: `obj.base_gain * factor`), and `__init__` also sets `self.gain = 1.5`,
which Keras' `__setattr__` stores in the instance dict, so eagerly `call` first sees
1.5.  Mid-run the descriptor type changes: at step 10 `Tuned.__set__` is added (now a
data descriptor: `self.gain` is base_gain*0.25 for both Gain layers, with no write to
any layer's dict nor to `Gain`), at step 18 the second layer's `base_gain` is written
from the loop, at step 26 `del Tuned.__set__` (the instance 1.5 again).
Probes: a layer attribute read by the program's own `call` (which Keras calls
natively) whose lookup result flips because a descriptor's class gained `__set__`."""
import random

import numpy

random.seed(5707)
numpy.random.seed(5707)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5707)
rng = np.random.default_rng(5707)
XS = rng.normal(size=(160, 6)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + 0.3 * XS[:, 1:2]).astype(np.float32)


class Tuned:
    def __init__(self, factor):
        self.factor = factor

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return obj.base_gain * self.factor


def _tuned_set(self, obj, value):
    obj.__dict__[self.name] = value


class Gain(keras.layers.Layer):
    gain = Tuned(0.25)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.base_gain = 2.0
        self.gain = 1.5

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1],), initializer="ones", name="w")

    def call(self, x):
        return x * self.w * self.gain


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(10, activation="tanh")
        self.g1 = Gain()
        self.d2 = keras.layers.Dense(6, activation="tanh")
        self.g2 = Gain()
        self.out = keras.layers.Dense(1)

    def call(self, x):
        return self.out(self.g2(self.d2(self.g1(self.d1(x)))))


MODEL = Net()
MODEL(tf.constant(XS[:2]))
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 10:
        Tuned.__set__ = _tuned_set
    if step == 18:
        MODEL.g2.base_gain = 6.0
    if step == 26:
        del Tuned.__set__
    i = (step * 8) % 152
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(MODEL.g1.gain), repr(MODEL.g2.gain),
          repr(float(MODEL.g1.w.numpy()[0])))

print(json.dumps({
    "g1": [repr(float(v)) for v in MODEL.g1.w.numpy()],
    "g2": [repr(float(v)) for v in MODEL.g2.w.numpy()],
    "out": [repr(float(v)) for v in MODEL.out.kernel.numpy().ravel()],
}))
