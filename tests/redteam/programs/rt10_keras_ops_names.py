"""Keras' per-prefix name counters advanced by co-executed calls: a program layer whose
call() uses keras.ops.cond (each eager call makes a keras `Cond` operation, taking the name
cond_N) mixed with keras.ops and tf ops; it is called under the tape and again outside it
for evaluation. Every few steps the program makes a new layer of its own class named `Cond`
(its auto name shares the 'cond' counter) and a Dense, and prints their names. crc32 of the
output keeps the step interpreted."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras
from keras import ops

keras.utils.set_random_seed(4040)
rng = np.random.default_rng(4040)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")


class Branchy(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 4), initializer="glorot_uniform", name="w")

    def call(self, x):
        z = ops.matmul(x, self.w)
        s = ops.sum(z)
        z = ops.cond(s > 0.0, lambda: ops.tanh(z), lambda: tf.nn.softsign(z) * 2.0)
        return ops.where(z > 0.5, z, z * 0.5)


class Cond(keras.layers.Layer):
    def call(self, x):
        return x


BR = Branchy()
HEAD = keras.layers.Dense(1)
BR.build((None, 4))
HEAD.build((None, 4))
VARS = BR.trainable_variables + HEAD.trainable_variables
MADE = []


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = BR(x)
        p = HEAD(h)
        loss = tf.reduce_mean(tf.square(p - y))
    ev = BR(x * -1.0)
    crc = zlib.crc32(h.numpy().tobytes()) % 887
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, crc, ev


for step in range(32):
    i = (step * 8) % 88
    loss, grads, crc, ev = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    if step % 4 == 3:
        MADE.append(Cond().name)
        MADE.append(keras.layers.Dense(2).name)
    print(step, repr(float(loss)), crc, flat(ev[0]), MADE[-2:])
    print("  g", flat(grads[0])[:6], flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in VARS], "made": MADE, "last": Cond().name}))
