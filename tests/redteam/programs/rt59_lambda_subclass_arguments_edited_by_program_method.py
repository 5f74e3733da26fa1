"""A functional model with a program subclass of keras.layers.Lambda ("KnobLambda")
whose `set_knob()` method writes into `self.arguments` (Keras' TrackedDict of keyword
arguments, which Lambda.call copies and passes to the function natively at every
call) and whose `knobs()` reads it.  The wrapped function is the program's
`soft_gate(x, scale=..., shift=0.0)`.  The loop calls `set_knob("scale", 0.5)` at step
8, `set_knob("scale", 1.5)` at step 16, and at step 24 adds a new key with
`set_knob("shift", 0.25)` (the function's default stops applying).  Each step prints the
loss and the knobs.
Probes: a Keras-tracked dict held by the program's own subclass of a Keras layer,
written by the program's method between converted steps, whose values reach the
program's callback only through library code."""
import random

import numpy

random.seed(5912)
numpy.random.seed(5912)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5912)
rng = np.random.default_rng(5912)
XS = rng.normal(size=(220, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True)) + 0.3 * XS[:, 2:3]).astype(np.float32)


def soft_gate(x, scale, shift=0.0):
    return x * tf.sigmoid(scale * x + shift)


class KnobLambda(keras.layers.Lambda):
    def set_knob(self, name, value):
        self.arguments[name] = value

    def knobs(self):
        return ",".join(f"{k}={v}" for k, v in sorted(self.arguments.items()))


GATE = KnobLambda(soft_gate, arguments={"scale": 1.0})
inp = keras.Input((5,))
h = GATE(keras.layers.Dense(12)(inp))
out = keras.layers.Dense(1)(h)
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.Adam(learning_rate=5e-3)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 8:
        GATE.set_knob("scale", 0.5)
    if step == 16:
        GATE.set_knob("scale", 1.5)
    if step == 24:
        GATE.set_knob("shift", 0.25)
    i = (step * 20) % 200
    loss = train_step(tf.constant(XS[i:i + 20]), tf.constant(YS[i:i + 20]))
    print(step, repr(float(loss)), GATE.knobs())

print(json.dumps({
    "k": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:8]],
    "o": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
