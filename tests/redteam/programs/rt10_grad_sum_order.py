"""Gradient accumulation order through co-execution sites under the tape: a program layer
that uses its kernel on three paths inside one call, called three times per step at three
call sites (one Python loop site and two direct ones), a Conv2D+BatchNormalization block
used twice (weight sharing across sites), and float32 values large enough that the order in
which the tape sums a variable's partial gradients changes the last bits. All gradients
are printed exactly (oneDNN off). crc32 keeps the step interpreted."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(4141)
rng = np.random.default_rng(4141)
IMG = rng.normal(size=(40, 4, 6, 6, 2)).astype("float32")
Y = rng.normal(size=(40, 4, 1)).astype("float32")


class Tri(keras.layers.Layer):
    def build(self, shape):
        self.k = self.add_weight(shape=(shape[-1], shape[-1]), initializer="glorot_uniform", name="k")

    def call(self, x):
        a = tf.matmul(x, self.k)
        b = tf.matmul(tf.tanh(x), self.k) * 3.0
        c = tf.matmul(x * x, self.k) * 0.1
        return a + tf.nn.relu(b) - c


CONV = keras.layers.Conv2D(3, 3, padding="same")
BN = keras.layers.BatchNormalization()
TRI = Tri()
HEAD = keras.layers.Dense(1)
CONV.build((None, 6, 6, 2))
BN.build((None, 6, 6, 3))
TRI.build((None, 3))
HEAD.build((None, 3))
VARS = CONV.trainable_variables + BN.trainable_variables + TRI.trainable_variables + HEAD.trainable_variables


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(img, y):
    with tf.GradientTape() as tape:
        f1 = tf.nn.relu(BN(CONV(img), training=True))
        f2 = tf.nn.relu(BN(CONV(img[:, ::-1]), training=True))
        h = tf.reduce_mean(f1 + 0.5 * f2, axis=[1, 2]) * 7.0
        for _ in range(2):
            h = TRI(h)
        h = TRI(h * 0.25)
        p = HEAD(h)
        loss = tf.reduce_mean(tf.square(p - y))
    crc = zlib.crc32(h.numpy().tobytes()) % 883
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.001 * g)
    return loss, grads, crc


for step in range(28):
    loss, grads, crc = train_step(tf.constant(IMG[step]), tf.constant(Y[step]))
    print(step, repr(float(loss)), crc)
    print("  conv", flat(grads[0])[:9], flat(grads[1]))
    print("  bn", flat(grads[2]), flat(grads[3]), "tri", flat(grads[4]))

print(json.dumps({"vars": [flat(v) for v in VARS + BN.non_trainable_variables]}))
