"""Impostor functions: the loop swaps the hidden layer's activation (a Keras function)
and the global `SQUASH` the step applies itself (`tf.math.tanh`) for functions of the
program that carry the library's identity strings: the same `__name__`, `__qualname__`
and `__module__` as `keras.activations.relu` and `tf.math.tanh`, but other code
(relu6-then-scale, softsign).  Anything that recognised library functions by their
names instead of their identity would run the originals.  Swaps: the layer's
activation at step 8, SQUASH at step 14, the layer's activation back to the real relu
at step 20 and SQUASH to a second impostor with tanh's `__wrapped__` set at step 26.
Probes: callables recognised by identity, not by name/module/qualname, both where
library code calls them (a Dense layer's activation) and where the step calls them."""
import random

import numpy

random.seed(5524)
numpy.random.seed(5524)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5524)
rng = np.random.default_rng(5524)
XS = rng.normal(size=(128, 4)).astype(np.float32) * 2.0
YS = np.tanh(XS[:, :1] * XS[:, 1:2] * 0.3).astype(np.float32)

REAL_RELU = keras.activations.relu
REAL_TANH = tf.math.tanh


def _disguise(fn, like):
    fn.__name__ = like.__name__
    fn.__qualname__ = getattr(like, "__qualname__", like.__name__)
    fn.__module__ = like.__module__
    return fn


def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    return tf.nn.relu6(x) * 0.5


def tanh(x, name=None):
    return tf.nn.softsign(x)


def tanh_b(x, name=None):
    return x / (1.0 + tf.abs(x) * 2.0)


FAKE_RELU = _disguise(relu, REAL_RELU)
FAKE_TANH = _disguise(tanh, REAL_TANH)
FAKE_TANH_B = _disguise(tanh_b, REAL_TANH)
FAKE_TANH_B.__wrapped__ = REAL_TANH
del relu, tanh, tanh_b

HIDDEN = keras.layers.Dense(8, activation=REAL_RELU)
MODEL = keras.Sequential([keras.Input((4,)), HIDDEN, keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
SQUASH = REAL_TANH


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = SQUASH(MODEL(x, training=True))
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 8:
        HIDDEN.activation = FAKE_RELU
    if step == 14:
        SQUASH = FAKE_TANH
    if step == 20:
        HIDDEN.activation = REAL_RELU
    if step == 26:
        SQUASH = FAKE_TANH_B
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), HIDDEN.activation is REAL_RELU, SQUASH is REAL_TANH)

print(json.dumps({"w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
