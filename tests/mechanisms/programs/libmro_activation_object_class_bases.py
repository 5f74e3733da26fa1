"""A Dense layer's activation is an object of the program's class whose `__call__` comes
from a base class; the loop reassigns `__bases__` of that class mid-run (leaky, then
clipped, then plain), so what Keras' Dense.call calls changes with no dict written."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(13)


class Relu:
    def __call__(self, x):
        return tf.nn.relu(x)


class Leaky:
    def __call__(self, x):
        return tf.maximum(x, 0.2 * x)


class Clipped:
    def __call__(self, x):
        return tf.clip_by_value(x, -1.0, 1.0)


class Act(Relu):
    pass


rng = np.random.default_rng(43)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] - XS[:, 3:]).astype(np.float32)
ACT = Act()
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation=ACT),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 6:
        Act.__bases__ = (Leaky,)
    if step == 12:
        Act.__bases__ = (Clipped,)
    if step == 18:
        Act.__bases__ = (Relu,)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))
