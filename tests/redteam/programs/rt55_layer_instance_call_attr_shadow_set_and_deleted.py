"""A model built from the program's own Keras layer `Gate` (y = x * sigmoid(a)) between
two Dense layers.  Keras' `Layer.__call__` runs `self.call(...)`, found on the instance
first: between calls the loop sets an instance attribute `call` on the gate layer to a
plain function of the program that clips instead (step 8), replaces it with a
functools.partial of another function (step 14), deletes it so the class's method is
back (step 20), and patches the class itself with a new `call` (step 26).
Probes: an instance attribute shadowing a Keras layer's `call`, reached by Keras'
`__call__` while janus builds; set, replaced, deleted between converted calls; then the
program's class patched."""
import random

import numpy

random.seed(5514)
numpy.random.seed(5514)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5514)
rng = np.random.default_rng(5514)
XS = rng.normal(size=(128, 4)).astype(np.float32) * 2.0
YS = np.tanh(XS[:, :1] - XS[:, 1:2]).astype(np.float32)


class Gate(keras.layers.Layer):
    def build(self, input_shape):
        self.a = self.add_weight(shape=(input_shape[-1],), initializer="zeros", name="a")

    def call(self, x):
        return x * tf.sigmoid(self.a)


def clipped_call(x):
    return tf.clip_by_value(x, -0.5, 0.5)


def scaled(factor, x):
    return x * factor


def class_call_v2(self, x):
    return x * tf.sigmoid(self.a) * 0.5 + 0.1 * x


GATE = Gate()
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6), GATE, keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 8:
        GATE.call = clipped_call
    if step == 14:
        GATE.call = functools.partial(scaled, 0.3)
    if step == 20:
        del GATE.call
    if step == 26:
        Gate.call = class_call_v2
    i = (step * 16) % 112
    try:
        loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
        print(step, repr(float(loss)), "call" in vars(GATE))
    except Exception as e:
        print(step, "error", type(e).__name__, str(e)[:120])

print(json.dumps({"a": [repr(float(t)) for t in GATE.a.numpy().ravel()],
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
