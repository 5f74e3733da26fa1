"""A subclassed Keras model trained with Keras' `LossFunctionWrapper` (keras.src.losses) and a
`keras.metrics.MeanMetricWrapper` that both hold the same program callable object
(`Weighted()`: `__call__` raises the absolute error to the class attribute `power` and
scales by the instance's `w`).  The step calls the loss and updates the metric.
Mid-run the class attribute `power` changes (step 8), `__call__` is replaced on the
class (step 16: log-cosh), the instance's `w` changes (step 21), and `power` is
shadowed on the instance (step 26, read by the original __call__ put back at step 24).
Probes: program objects held by Keras losses and metrics, called back by library code,
changed through their class (attribute and `__call__`) and instance."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf
from keras.src.losses.losses import LossFunctionWrapper

keras.utils.set_random_seed(5816)
rng = np.random.default_rng(5816)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] ** 2 - XS[:, 1:2]).astype(np.float32)


class Weighted:
    power = 2.0

    def __init__(self, w):
        self.w = w

    def __call__(self, y_true, y_pred):
        return self.w * tf.reduce_mean(tf.pow(tf.abs(y_pred - y_true), self.power), axis=-1)


FN = Weighted(1.0)
LOSS = LossFunctionWrapper(FN, name="weighted")
METRIC = keras.metrics.MeanMetricWrapper(FN, name="weighted_metric")


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.h = keras.layers.Dense(8, activation="softplus")
        self.o = keras.layers.Dense(1)

    def call(self, x):
        return self.o(self.h(x))


MODEL = Net()
OPT = keras.optimizers.Adam(learning_rate=0.01)
ORIGINAL_CALL = Weighted.__call__


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = LOSS(y, pred)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    METRIC.update_state(y, pred)
    return loss


def log_cosh(self, y_true, y_pred):
    return self.w * tf.reduce_mean(tf.math.log(tf.cosh(y_pred - y_true)), axis=-1)


for step in range(30):
    if step == 8:
        Weighted.power = 1.5
    if step == 16:
        Weighted.__call__ = log_cosh
    if step == 21:
        FN.w = 2.0
    if step == 24:
        Weighted.__call__ = ORIGINAL_CALL
    if step == 26:
        FN.power = 3.0
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(METRIC.result())))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.o.kernel.numpy().ravel()],
                  "metric": repr(float(METRIC.result()))}))
