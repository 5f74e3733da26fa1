"""A functional Keras model with a `keras.layers.Lambda(WARP.forward)` layer, a bound
method of a program object; `forward` calls `self.shape_fn(x)` and multiplies by
`self.k`.  Mid-run the object's `__class__` is reassigned to a subclass with another
`shape_fn` (step 9; the bound method the Lambda holds keeps Warp.forward, but its
`self.shape_fn` now resolves on the subclass), `Warp.forward` is replaced on the class
(step 17: eager's bound method does not follow), `self.k` changes (step 23), and the
class is reassigned back (step 28).
Probes: library code calling a bound method whose `__self__`'s class changes (implicit
lookups inside the callback) versus a class-level replacement the bound method ignores."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5814)
rng = np.random.default_rng(5814)
XS = rng.normal(size=(110, 5)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - XS[:, 4:5] * 0.5).astype(np.float32)


class Warp:
    def __init__(self):
        self.k = 1.0

    def shape_fn(self, x):
        return tf.tanh(x)

    def forward(self, x):
        return self.shape_fn(x) * self.k


class ReluWarp(Warp):
    def shape_fn(self, x):
        return tf.nn.relu(x) - 0.1


WARP = Warp()
inp = keras.Input((5,))
h = keras.layers.Dense(10)(inp)
h = keras.layers.Lambda(WARP.forward)(h)
out = keras.layers.Dense(1)(h)
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


def forward_sq(self, x):
    return tf.square(x)


for step in range(32):
    if step == 9:
        WARP.__class__ = ReluWarp
    if step == 17:
        Warp.forward = forward_sq
    if step == 23:
        WARP.k = 0.5
    if step == 28:
        WARP.__class__ = Warp
    i = (step * 10) % 100
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), type(WARP).__name__)

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
