"""A training step and an evaluation step share a layer of the program's class; each
builds its own graph.  Mid-run the loop sets an instance `call` on the shared layer: both
steps must run it from then on, and deleting it brings the class's call back."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7)


class Shift(keras.layers.Layer):
    def call(self, x):
        return x + 0.1


def leaky(x):
    return tf.maximum(x, 0.2 * x)


rng = np.random.default_rng(16)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = XS[:, 1:2] * 2.0 - XS[:, 3:4]
SHIFT = Shift()
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8), SHIFT,
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.03)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


def eval_step(x, y):
    return tf.reduce_mean(tf.abs(MODEL(x, training=False) - y))


for step in range(24):
    if step == 8:
        SHIFT.call = leaky
    if step == 16:
        del SHIFT.call
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    err = eval_step(tf.constant(XS[56:]), tf.constant(YS[56:]))
    print(step, repr(float(loss)), repr(float(err)))
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))
