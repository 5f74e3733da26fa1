"""Mechanism: a Dense layer's activation is `functools.partial(tf.math.multiply, GAIN)`:
the partial's POSITIONAL argument is a float32 numpy array of per-unit gains (Keras calls
act(x), the partial calls multiply(GAIN, x)); library code reads the array's contents
natively at every call.  The loop writes into GAIN in
place (`GAIN[2:5] = 0.1` at step 8, `GAIN *= -1` at step 16, `GAIN[0] = 3.0` at 24): the
partial's args tuple and the array object keep their identity, so no dict watcher sees
a write; only a comparison of the array's contents would.  Eager multiplies by the current gains; a graph that took the
array as a constant when it was built keeps the first gains.
"""
import functools
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(191)
np.random.seed(191)
keras.utils.set_random_seed(191)
rng = np.random.default_rng(191)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = np.abs(XS[:, :1] * XS[:, 2:3]).astype(np.float32)

GAIN = np.linspace(0.5, 1.5, 6).astype(np.float32)
ACT = functools.partial(tf.math.multiply, GAIN)
MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Dense(6, activation=ACT),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 8:
        GAIN[2:5] = 0.1
    if step == 16:
        GAIN *= -1
    if step == 24:
        GAIN[0] = 3.0
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [repr(float(g)) for g in GAIN[:3]])

print(json.dumps({"vars": [[repr(float(v)) for v in w.numpy().ravel()[:6]]
                           for w in MODEL.trainable_variables]}))
