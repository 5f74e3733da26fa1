"""A functional trunk plus a list of adapter layers that the subclassed wrapper model
applies only once the loop enables them (`n_adapters`, raised at steps 9, 18, 27):
each adapter is built lazily, inside the training step, at its first call.  The
adapters' kernel initializers are C callables over a private numpy Generator: the
bound method `GEN.standard_normal` (called by Keras as `init(shape, dtype="float32")`),
then a `functools.partial(GEN.uniform, -0.1, 0.1)` wrapped by a tiny lambda, then
`GEN.standard_normal` again.  The training step draws its input noise from the same
Generator (`GEN.normal(...)`) before the model call, so in eager the noise is drawn
first and the adapter's initial kernel second, from one stream.
Probes: variable creation met while janus builds a converted step (the build lets
the variables be made, then drops the build and interprets the call) when the
initializer is a numpy Generator's bound method -- a generator whose state janus
saves and restores around a call's Python draws -- shared with a draw of the step."""
import random

import numpy

random.seed(6022)
numpy.random.seed(6022)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6022)
rng = np.random.default_rng(6022)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True)) * 0.9).astype(np.float32)
GEN = np.random.default_rng(404)
UNIFORM = functools.partial(GEN.uniform, -0.1, 0.1)


class Wrapper(keras.Model):
    def __init__(self):
        super().__init__()
        self.trunk = keras.layers.Dense(6, activation="tanh")
        self.adapters = [
            keras.layers.Dense(6, kernel_initializer=GEN.standard_normal, bias_initializer="zeros"),
            keras.layers.Dense(6, kernel_initializer=lambda shape, dtype=None: UNIFORM(size=shape).astype("float32")),
            keras.layers.Dense(6, kernel_initializer=GEN.standard_normal),
        ]
        self.head = keras.layers.Dense(1)
        self.n_adapters = 0

    def build(self, shape):
        self.trunk.build(shape)
        self.head.build((None, 6))

    def call(self, x):
        h = self.trunk(x)
        for adapter in self.adapters[:self.n_adapters]:
            h = h + 0.1 * adapter(h)
        return self.head(h)


MODEL = Wrapper()
MODEL(tf.zeros((1, 5)))
LR = 0.05


def train_step(x, y):
    noise = GEN.normal(0.0, 0.05, size=(8, 5)).astype(np.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x + noise) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    for v, g in zip(MODEL.trainable_variables, grads):
        v.assign_sub(LR * g)
    return loss


for step in range(34):
    if step in (9, 18, 27):
        MODEL.n_adapters += 1
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    if MODEL.n_adapters:
        newest = MODEL.adapters[MODEL.n_adapters - 1].kernel.numpy().ravel()
        shown = [repr(float(newest[0])), repr(float(newest[-1]))]
    else:
        shown = []
    print(step, repr(float(loss)), MODEL.n_adapters, shown, int(GEN.integers(0, 1000)))

print(json.dumps({
    "trunk": [repr(float(v)) for v in MODEL.trunk.kernel.numpy().ravel()[:6]],
    "adapters": [[repr(float(v)) for v in a.kernel.numpy().ravel()[:3]] for a in MODEL.adapters],
    "gen": int(GEN.integers(0, 10 ** 6)),
}))
