"""An SGD optimizer given a program callable object as its learning rate (`Rate()`,
`__call__(self, step=None)`: a constant when called without a step, a decayed rate when
given the optimizer's iterations).  Keras' optimizer asks, at every update, whether its
learning rate is a `LearningRateSchedule` (then it calls it with the iterations) or just
callable (then without arguments).  Mid-run the object's class gets LearningRateSchedule
among its bases (step 10), loses it (step 19), and gets it again (step 26); its `base`
attribute changes at step 15.
Probes: an isinstance test inside Keras' optimizer against a Keras class, on a program
object whose class's MRO is changed (type identity and dicts unchanged)."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf
from keras.optimizers.schedules import LearningRateSchedule

keras.utils.set_random_seed(5815)
rng = np.random.default_rng(5815)
XS = rng.normal(size=(100, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + XS[:, 2:3]).astype(np.float32)


class RateBase:
    pass


class Rate(RateBase):
    def __init__(self, base):
        self.base = base

    def __call__(self, step=None):
        if step is None:
            return self.base
        return self.base * 3.0 / (1.0 + 0.1 * tf.cast(step, tf.float32))


RATE = Rate(0.02)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(12, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=RATE)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 10:
        Rate.__bases__ = (RateBase, LearningRateSchedule)
    if step == 15:
        RATE.base = 0.01
    if step == 19:
        Rate.__bases__ = (RateBase,)
    if step == 26:
        Rate.__bases__ = (LearningRateSchedule,)
    i = (step * 9) % 90
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), isinstance(RATE, LearningRateSchedule),
          int(OPT.iterations.numpy()))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
