"""A Keras Sequential model contains a program layer that keeps a list of hook objects
(`self.hooks`, wrapped by Keras) and calls each one as `h = hook(h)`, which runs the
class's `__call__`.  Mid-run the loop assigns other functions to the class's dunder
(`ScaleHook.__call__ = squash`, then `shift`, then the original back)."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(18)


class ScaleHook:
    def __init__(self, factor):
        self.factor = factor

    def __call__(self, h):
        return h * self.factor


def squash(self, h):
    return tf.tanh(h) * self.factor


def shift(self, h):
    return h + self.factor * 0.1


SCALE_CALL = ScaleHook.__call__


class HookLayer(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.hooks = [ScaleHook(1.5), ScaleHook(0.8)]

    def call(self, h):
        for hook in self.hooks:
            h = hook(h)
        return h


rng = np.random.default_rng(81)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] + XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6), HookLayer(),
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
        ScaleHook.__call__ = squash
    if step == 14:
        ScaleHook.__call__ = shift
    if step == 19:
        ScaleHook.__call__ = SCALE_CALL
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), ScaleHook.__call__.__name__)
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))
