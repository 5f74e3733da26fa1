"""The program's SGD subclass takes `update_step` from whatever mixin its base class
has: the loop reassigns that base's `__bases__` mid-run to a damped update and back, so
Keras' apply finds another `update_step` without any class dict written."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(12)


class Plain:
    pass


class Damped:
    def update_step(self, gradient, variable, learning_rate):
        variable.assign_sub(0.5 * learning_rate * gradient)


class Hook(Plain):
    pass


class MySGD(Hook, keras.optimizers.SGD):
    pass


rng = np.random.default_rng(42)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-1.0], [0.5]], np.float32)).astype(np.float32)
MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"),
                          keras.layers.Dense(1)])
OPT = MySGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        Hook.__bases__ = (Damped,)
    if step == 15:
        Hook.__bases__ = (Plain,)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(OPT.iterations))
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))
