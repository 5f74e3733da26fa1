"""A Keras Sequential step asks a helper for the loss kind; the helper always raises
`Outlier(...)` and the step's handlers compute the loss: `except AbsLoss:` gives mean
absolute error, `except SqLoss:` squared error.  Mid-run the loop reassigns
`Outlier.__bases__` so the exception's MRO, and the clause that matches, changes."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(12)


class LossSignal(Exception):
    pass


class SqLoss(LossSignal):
    pass


class AbsLoss(LossSignal):
    pass


class Outlier(SqLoss):
    pass


def classify(kind):
    raise Outlier(kind)


rng = np.random.default_rng(44)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.5 - XS[:, 2:3] + XS[:, 3:]).astype(np.float32)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = MODEL(x) - y
        try:
            classify("batch")
            loss = tf.reduce_mean(err)
        except AbsLoss:
            loss = tf.reduce_mean(tf.abs(err))
        except SqLoss:
            loss = tf.reduce_mean(tf.square(err))
        except LossSignal:
            loss = tf.reduce_mean(tf.square(err)) * 0.1
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        Outlier.__bases__ = (AbsLoss,)
    if step == 14:
        Outlier.__bases__ = (LossSignal,)
    if step == 19:
        Outlier.__bases__ = (SqLoss,)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [c.__name__ for c in Outlier.__mro__[:3]])
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))
