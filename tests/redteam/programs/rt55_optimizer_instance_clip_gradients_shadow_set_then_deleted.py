"""Gradient clipping patched per optimizer instance: Keras' `_backend_apply_gradients`
calls `self._clip_gradients(grads)`, which finds an instance attribute before the
class's method.  Between calls the loop sets `OPT._clip_gradients` to a program function
that clips each gradient by value to a global bound (step 7), changes that bound (step
12), replaces the function with a functools.partial of another one (step 17), deletes
the instance attribute so Keras' method is back (step 22), and then sets the
optimizer's own `clipvalue` (step 27).
Probes: an instance attribute on a Keras optimizer shadowing a method that library code
calls while the step runs (a program callback reading a global), set, replaced and
deleted between converted calls."""
import random

import numpy

random.seed(5521)
numpy.random.seed(5521)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5521)
rng = np.random.default_rng(5521)
XS = rng.normal(size=(128, 5)).astype(np.float32) * 1.5
YS = (XS[:, :1] ** 2 - XS[:, 1:2]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.02, momentum=0.8)
BOUND = 0.5


def clip_each(grads):
    return [tf.clip_by_value(g, -BOUND, BOUND) for g in grads]


def scale_each(factor, grads):
    return [g * factor for g in grads]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 7:
        OPT._clip_gradients = clip_each
    if step == 12:
        BOUND = 0.05
    if step == 17:
        OPT._clip_gradients = functools.partial(scale_each, 0.25)
    if step == 22:
        del OPT._clip_gradients
    if step == 27:
        OPT.clipvalue = 0.1
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), "_clip_gradients" in vars(OPT),
          repr(float(MODEL.layers[0].kernel.numpy()[0, 0])))

print(json.dumps({"w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
