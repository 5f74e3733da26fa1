"""A Sequential model built from a program keras.layers.Layer ("LeakyBlock") whose
`call` applies `self.activate(h)`, a `functools.partialmethod(_leaky, slope=0.1)`
class attribute.  Each eager access runs partialmethod's `__get__`, which makes a new
partial from the descriptor's *current* `keywords` dict.  The loop edits that dict in
place -- slope 0.3 at step 8, 0.0 (plain relu) at step 16 -- and at step 24 assigns a
new partialmethod to the class attribute (slope 0.2).  Each step prints the loss and
the slope.
Probes: a descriptor from the standard library (partialmethod, whose `__get__` is
functools' Python) on the program's Keras layer class, reached by the program's code
run inside the step, with the keyword dict it holds edited in place."""
import random

import numpy

random.seed(5918)
numpy.random.seed(5918)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5918)
rng = np.random.default_rng(5918)
XS = rng.normal(size=(220, 5)).astype(np.float32)
YS = (np.maximum(XS[:, :1] - XS[:, 1:2], -0.5) + 0.2 * XS[:, 3:4]).astype(np.float32)


class LeakyBlock(keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.dense = keras.layers.Dense(units)

    def _leaky(self, h, slope):
        return tf.where(h > 0.0, h, slope * h)

    activate = functools.partialmethod(_leaky, slope=0.1)

    def call(self, x):
        return self.activate(self.dense(x))


MODEL = keras.Sequential([keras.Input((5,)), LeakyBlock(12), LeakyBlock(6), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 8:
        vars(LeakyBlock)["activate"].keywords["slope"] = 0.3
    if step == 16:
        vars(LeakyBlock)["activate"].keywords["slope"] = 0.0
    if step == 24:
        LeakyBlock.activate = functools.partialmethod(LeakyBlock._leaky, slope=0.2)
    i = (step * 20) % 200
    loss = train_step(tf.constant(XS[i:i + 20]), tf.constant(YS[i:i + 20]))
    print(step, repr(float(loss)), vars(LeakyBlock)["activate"].keywords["slope"])

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].dense.kernel.numpy().ravel()[:8]],
    "k2": [repr(float(v)) for v in MODEL.layers[2].kernel.numpy().ravel()],
}))
