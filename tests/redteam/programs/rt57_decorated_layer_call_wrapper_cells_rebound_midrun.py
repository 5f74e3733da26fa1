"""A Sequential regressor whose custom `Head(keras.layers.Dense)` has its `call`
wrapped by a program decorator `scaled(factor)`: the wrapper (functools.wraps) closes
over `factor` and the wrapped function `fn`.  Keras calls `self.call`, i.e. the
wrapper, natively.  Mid-run the wrapper's closure cells are rebound through
`cell_contents`, with no dict write anywhere: at step 8 `factor` becomes 0.5, at step
15 `fn` becomes another function (`relu` of Dense.call), at step 22 `factor` becomes
1.25, at step 28 `fn` becomes a function that reads a global `TEMP`, which changes at
step 31.
Probes: closure cells of a decorator's wrapper installed as a Keras layer's `call`,
changed via `cell_contents` between converted steps."""
import random

import numpy

random.seed(5719)
numpy.random.seed(5719)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5719)
rng = np.random.default_rng(5719)
XS = rng.normal(size=(160, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 2.0) + XS[:, 1:2] ** 2 * 0.2).astype(np.float32)

TEMP = 2.0


def scaled(factor):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(self, inputs, training=None):
            return fn(self, inputs, training=training) * factor
        return wrapper
    return deco


class Head(keras.layers.Dense):
    @scaled(1.0)
    def call(self, inputs, training=None):
        return super().call(inputs, training=training)


def relu_call(self, inputs, training=None):
    return tf.nn.relu(keras.layers.Dense.call(self, inputs, training=training))


def tempered_call(self, inputs, training=None):
    return tf.tanh(keras.layers.Dense.call(self, inputs, training=training) / TEMP) * TEMP


WRAPPER = Head.call
CELLS = dict(zip(WRAPPER.__code__.co_freevars, WRAPPER.__closure__))
HEAD = Head(8)
MODEL = keras.Sequential([
    keras.Input((5,)),
    HEAD,
    keras.layers.Dense(1),
])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 8:
        CELLS["factor"].cell_contents = 0.5
    if step == 15:
        CELLS["fn"].cell_contents = relu_call
    if step == 22:
        CELLS["factor"].cell_contents = 1.25
    if step == 28:
        CELLS["fn"].cell_contents = tempered_call
    if step == 31:
        TEMP = 0.5
    i = (step * 8) % 152
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(CELLS["factor"].cell_contents),
          CELLS["fn"].cell_contents.__name__, repr(float(HEAD.kernel.numpy()[0, 0])))

print(json.dumps({
    "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()[:10]],
    "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
