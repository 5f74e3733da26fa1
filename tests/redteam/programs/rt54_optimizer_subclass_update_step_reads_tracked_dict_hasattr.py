"""A Keras SGD subclass with per-variable learning-rate multipliers: its update_step (which
Keras' apply_gradients calls back per variable) reads self.mults.get(variable.name, 1.0)
from a dict attribute of the optimizer (Keras wraps it into a TrackedDict), and, when
hasattr(self, "grad_bias") holds, adds that float to the gradient; it counts its calls per
variable name in self.calls (another tracked dict).  The loop edits self.mults in place
(changes a value, adds a key, removes one), sets grad_bias and deletes it later.
Probes: the program's code that Keras calls back while building (update_step) reading a
dict held by the library object and an attribute that comes and goes, changed between
calls without replacing the dict."""
import random

import numpy

random.seed(5423)
numpy.random.seed(5423)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5423)
rng = np.random.default_rng(5423)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [1.5], [-0.5], [0.2]], np.float32) + 1.0).astype(np.float32)


class MultSGD(keras.optimizers.SGD):
    def update_step(self, gradient, variable, learning_rate):
        m = self.mults.get(variable.name, 1.0)
        self.calls[variable.name] = self.calls.get(variable.name, 0) + 1
        if hasattr(self, "grad_bias"):
            gradient = gradient + self.grad_bias
        super().update_step(gradient * m, variable, learning_rate)


DENSE = keras.layers.Dense(1, name="head")
MODEL = keras.Sequential([keras.Input((4,)), DENSE])
OPT = MultSGD(learning_rate=0.05)
OPT.mults = {"sequential/head/kernel:0": 1.0}
OPT.calls = {}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    if step == 6:
        OPT.mults["sequential/head/kernel:0"] = 0.25
    if step == 11:
        OPT.mults["sequential/head/bias:0"] = 3.0
    if step == 16:
        OPT.grad_bias = 0.05
    if step == 21:
        del OPT.mults["sequential/head/kernel:0"]
    if step == 26:
        del OPT.grad_bias
        OPT.mults["sequential/head/bias:0"] = 0.5
    i = (step * 8) % 80
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), dict(OPT.mults), dict(OPT.calls), repr(float(DENSE.bias.numpy()[0])))
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"k": [repr(float(a)) for a in DENSE.kernel.numpy().ravel()], "b": repr(float(DENSE.bias.numpy()[0])),
                  "calls": dict(OPT.calls), "iters": int(OPT.iterations.numpy())}))
