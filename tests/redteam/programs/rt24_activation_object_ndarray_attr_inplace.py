"""Mechanism: a Dense layer's activation is an instance of the program's class with a
__call__ (Keras calls it back) that multiplies by `self.gain`, a float32 numpy array of
per-unit gains, and adds `self.shift[0]` from a one-item array.array.  The object's dict is
watched (a rebinding of self.gain is seen), but the loop writes INTO the arrays in place:
`ACT.gain[::2] = 0.2` at step 8, `ACT.gain[:] = ACT.gain[::-1]` at step 16,
`ACT.shift[0] = 0.5` at step 24; no dict entry changes.  Eager reads the current gains at
every call; a graph that kept the array's values from the build (a watched object's
attribute known by identity) keeps the old gains.
"""
import array
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(109)
np.random.seed(109)
keras.utils.set_random_seed(109)
rng = np.random.default_rng(109)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)


class GainAct:
    def __init__(self):
        self.gain = np.linspace(0.4, 1.6, 6).astype(np.float32)
        self.shift = array.array("d", [0.0])

    def __call__(self, x):
        return tf.tanh(x) * self.gain + self.shift[0]


ACT = GainAct()
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
        ACT.gain[::2] = 0.2
    if step == 16:
        ACT.gain[:] = ACT.gain[::-1].copy()
    if step == 24:
        ACT.shift[0] = 0.5
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [repr(float(g)) for g in ACT.gain[:2]], ACT.shift[0])

print(json.dumps({"vars": [[repr(float(v)) for v in w.numpy().ravel()[:6]]
                           for w in MODEL.trainable_variables]}))
