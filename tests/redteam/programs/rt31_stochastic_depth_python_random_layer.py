"""Stochastic depth written with Python's random module: a residual block layer of
the program's decides in call() with random.random() < self.keep whether to run its
Dense branch (training only), and counts skips in a global dict.  The block sits in
a Sequential called from a co-executed step (zlib.crc32 of the batch).  At step 12
the loop lowers keep to 0.3; the loop prints random.random() after each step.
Probes: Python draws and a branch on them in program code a model site runs."""
import random

import numpy

random.seed(54)
numpy.random.seed(54)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5401)
rng = np.random.default_rng(5401)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.tanh(XS[:, :1] - XS[:, 5:6]).astype(np.float32)


class MaybeBlock(keras.layers.Layer):
    def __init__(self, units, keep, **kw):
        super().__init__(**kw)
        self.keep = keep
        self.dense = keras.layers.Dense(units, activation="tanh")

    def call(self, x, training=False):
        if training and random.random() >= self.keep:
            return x * 1.0
        return x + self.dense(x)


block = MaybeBlock(6, 0.7)
model = keras.Sequential([keras.Input((6,)), block, keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.SGD(0.05)
crcs = []


def train_step(x, y):
    crcs.append(zlib.crc32(x.tobytes()) % 5000)
    with tf.GradientTape() as tape:
        loss = mse(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 12:
        block.keep = 0.3
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), repr(random.random()))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-3:], "rand": repr(random.random()),
}))
