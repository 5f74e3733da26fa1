"""A functional Keras model whose training step picks its loss with
`issubclass(type(HEAD_SPEC), Regression)` (plain classes, no ABC): a subclass of
Regression gets mean squared error, anything else a Huber loss with the spec's delta.
Mid-run the spec's class has `__bases__` reassigned between (Regression,) and
(Robust,) at steps 7, 15 and 23, without writing any dict.
Probes: issubclass between plain classes decided while building; only the MRO tuple of
the spec's class changes (type identity and every dict stay the same)."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5802)
rng = np.random.default_rng(5802)
XS = rng.normal(size=(120, 4)).astype(np.float32)
YS = (XS @ np.array([[1.5], [-2.0], [0.5], [3.0]], np.float32)
      + rng.standard_t(2, size=(120, 1)).astype(np.float32))


class Regression:
    kind = "regression"


class Robust:
    kind = "robust"


class HeadSpec(Regression):
    def __init__(self, delta):
        self.delta = delta


HEAD_SPEC = HeadSpec(0.7)

inp = keras.Input((4,))
h = keras.layers.Dense(10, activation="relu")(inp)
out = keras.layers.Dense(1)(h)
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.SGD(learning_rate=0.01, momentum=0.9)


def huber(err, delta):
    a = tf.abs(err)
    return tf.where(a <= delta, 0.5 * tf.square(err), delta * (a - 0.5 * delta))


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = MODEL(x, training=True) - y
        if issubclass(type(HEAD_SPEC), Regression):
            loss = tf.reduce_mean(tf.square(err))
        else:
            loss = tf.reduce_mean(huber(err, HEAD_SPEC.delta))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 7:
        HeadSpec.__bases__ = (Robust,)
    if step == 15:
        HeadSpec.__bases__ = (Regression,)
    if step == 23:
        HeadSpec.__bases__ = (Robust,)
    i = (step * 10) % 110
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), HEAD_SPEC.kind)

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
