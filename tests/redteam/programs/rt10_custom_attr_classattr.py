"""A program-defined Keras layer subclass whose call() branches in Python on its own
attributes: an instance float `temp` (changed at step 9), a string `mode` (step 13), a class
attribute OFFSET read through self from the base class, then shadowed on the subclass at
step 17 and the shadow deleted at step 25, a base-class attribute changed at step 21; the
subclass's call() goes through super().call(). crc32 of the output keeps the step in the
interpreter so the layer call is a co-execution site."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(707)
rng = np.random.default_rng(707)
X = rng.normal(size=(96, 5)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")


class BaseTemp(keras.layers.Layer):
    OFFSET = 0.0
    POWER = 1

    def __init__(self, units, **kw):
        super().__init__(**kw)
        self.units = units
        self.temp = 1.0
        self.mode = "tanh"

    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], self.units), initializer="glorot_uniform", name="w")

    def call(self, x):
        z = tf.matmul(x, self.w) / self.temp + self.OFFSET
        if self.mode == "tanh":
            z = tf.tanh(z)
        elif self.mode == "sig":
            z = tf.sigmoid(z) - 0.5
        for _ in range(self.POWER - 1):
            z = z * z
        return z


class Temp(BaseTemp):
    def call(self, x):
        z = super().call(x)
        if self.temp > 1.5:
            z = z * 2.0
        return z


LAYER = Temp(4)
HEAD = keras.layers.Dense(1)
LAYER.build((None, 5))
HEAD.build((None, 4))
VARS = LAYER.trainable_variables + HEAD.trainable_variables


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = LAYER(x)
        p = HEAD(h)
        loss = tf.reduce_mean(tf.square(p - y))
    crc = zlib.crc32(h.numpy().tobytes()) % 991
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, crc


for step in range(32):
    if step == 9:
        LAYER.temp = 2.0
    if step == 13:
        LAYER.mode = "sig"
    if step == 17:
        Temp.OFFSET = 0.3
    if step == 21:
        BaseTemp.OFFSET = -0.7
        BaseTemp.POWER = 2
    if step == 25:
        del Temp.OFFSET
    if step == 29:
        LAYER.temp = 1.0
    i = (step * 8) % 88
    loss, grads, crc = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, repr(float(loss)), crc, LAYER.temp, LAYER.mode, LAYER.OFFSET)
    print("  g", flat(grads[0])[:8], flat(grads[1]))

print(json.dumps({"vars": [flat(v) for v in VARS]}))
