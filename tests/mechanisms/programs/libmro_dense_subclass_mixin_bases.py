"""The program's Dense subclass gets its `call` from a mixin of the program's; mid-run
the loop reassigns the mixin's own `__bases__` (no class dict is written), so the call
Keras' __call__ finds on the layer changes, twice, and then changes back."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(11)


class Root:
    pass


class Clip:
    def call(self, inputs):
        return tf.clip_by_value(keras.layers.Dense.call(self, inputs), -0.5, 0.5)


class Shift:
    def call(self, inputs):
        return keras.layers.Dense.call(self, inputs) + 0.25


class Mixin(Root):
    pass


class Proj(Mixin, keras.layers.Dense):
    pass


rng = np.random.default_rng(41)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5 - XS[:, 2:3]).astype(np.float32)
MODEL = keras.Sequential([keras.Input((4,)), Proj(6, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 6:
        Mixin.__bases__ = (Clip,)
    if step == 12:
        Mixin.__bases__ = (Shift,)
    if step == 18:
        Mixin.__bases__ = (Root,)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [c.__name__ for c in Proj.__mro__[:3]])
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))
