"""A Sequential regressor with a custom `Scaled` layer whose class is made by a program
metaclass `Meta`.  The layer's `call` multiplies by `type(self).SCALE` (a class
attribute looked up through the metaclass' rules) and adds `self.BIAS` (an instance
lookup, which ignores the metaclass).  Mid-run: at step 8 `Scaled.SCALE = 3.0` and
`Scaled.BIAS = 0.2` (class dict writes), at step 14 `Meta.SCALE = property(...)` (a
data descriptor on the metaclass, which beats `Scaled.SCALE` in the class's own dict for
class-level lookups, with no write to the class's dict), at step 21 `Meta.SCALE` is replaced by a property reading a global,
at step 25 that global changes, at step 29 `del Meta.SCALE` (now the class's 3.0).
Probes: metaclass attributes and data descriptors versus a class's own dict, read by
the program's `call` that Keras calls back."""
import random

import numpy

random.seed(5717)
numpy.random.seed(5717)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5717)
rng = np.random.default_rng(5717)
XS = rng.normal(size=(168, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :3]).sum(axis=1, keepdims=True)).astype(np.float32)

META_SCALE = 0.75


class Meta(type):
    pass


class Scaled(keras.layers.Layer, metaclass=Meta):
    SCALE = 1.0
    BIAS = 0.0

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1],), initializer="ones", name="w")

    def call(self, x):
        return x * self.w * type(self).SCALE + self.BIAS


LAYER = Scaled()
MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(8, activation="tanh"),
    LAYER,
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(33):
    if step == 8:
        Scaled.SCALE = 3.0
        Scaled.BIAS = 0.2
    if step == 14:
        Meta.SCALE = property(lambda cls: 0.5)
    if step == 21:
        Meta.SCALE = property(lambda cls: META_SCALE)
    if step == 25:
        META_SCALE = 1.5
    if step == 29:
        del Meta.SCALE
    i = (step * 8) % 160
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(Scaled.SCALE), repr(LAYER.BIAS),
          repr(float(LAYER.w.numpy()[0])))

print(json.dumps({
    "w": [repr(float(v)) for v in LAYER.w.numpy()],
    "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
