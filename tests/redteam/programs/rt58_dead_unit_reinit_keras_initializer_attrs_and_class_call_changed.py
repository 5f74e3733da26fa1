"""A subclassed keras.Model whose step re-initialises the output kernel rows of weakly
active hidden units (mean activation under 0.15: a tf.where on a column mask) from a Keras initializer object
called in the step, `INIT(shape)` (a seeded RandomNormal: the same draw at every call).
Mid-run the initializer's `stddev` is changed (step 8), its `seed` is changed (step 14),
`RandomNormal.__call__`'s behaviour is changed by a program subclass swapped in through
`INIT.__class__` (step 20: halves the draw), and `mean` is changed (step 26).
Probes: a Keras library object the step calls directly, whose attributes and class
(via `__class__` assignment to a program subclass) change between converted steps."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5826)
rng = np.random.default_rng(5826)
XS = rng.normal(size=(100, 5)).astype(np.float32)
YS = (np.maximum(XS[:, :1], 0.0) * 2.0 - XS[:, 2:3]).astype(np.float32)

INIT = keras.initializers.RandomNormal(mean=0.0, stddev=0.05, seed=11)


class HalfNormal(keras.initializers.RandomNormal):
    def __call__(self, shape, dtype=None):
        return super().__call__(shape, dtype=dtype) * 0.5


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(8, activation="relu")
        self.out = keras.layers.Dense(1)

    def call(self, x):
        return self.out(self.hidden(x))


MODEL = Net()
MODEL(tf.zeros((1, 5)))
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = MODEL.hidden(x)
        loss = tf.reduce_mean(tf.square(MODEL.out(h) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    dead = tf.reduce_mean(h, axis=0) < 0.15
    fresh = INIT((8, 1))
    k = MODEL.out.kernel
    k.assign(tf.where(dead[:, None], fresh, k))
    return loss, tf.reduce_sum(tf.cast(dead, tf.int32))


for step in range(32):
    if step == 8:
        INIT.stddev = 0.5
    if step == 14:
        INIT.seed = 23
    if step == 20:
        INIT.__class__ = HalfNormal
    if step == 26:
        INIT.mean = 0.2
    i = (step * 10) % 90
    loss, ndead = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), int(ndead),
          repr(float(MODEL.out.kernel.numpy()[0, 0])))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.out.kernel.numpy().ravel()]}))
