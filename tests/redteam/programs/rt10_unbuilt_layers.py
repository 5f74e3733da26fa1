"""Layers that create their weights on their first call, made unbuilt and first called
inside the co-executed step: the body is a fresh Dense at step 0, replaced by a new unbuilt
Dense at step 10, a new one of another width at step 17 (the head is then rebuilt too) and
a program layer that adds its weight in build() at step 24. Initializers draw from Keras'
seeding (Python's random state), names come from Keras' global counters: the step prints
layer names, weights and Python's/NumPy's RNG positions. crc32 keeps the step interpreted."""
import json
import random
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1212)
rng = np.random.default_rng(1212)
X = rng.normal(size=(96, 5)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")


class Bias(keras.layers.Layer):
    def build(self, shape):
        self.b = self.add_weight(shape=(shape[-1],), initializer="random_normal", name="b")

    def call(self, x):
        return tf.nn.elu(x + self.b)


NET = {"body": keras.layers.Dense(6, activation="tanh"), "head": keras.layers.Dense(1), "extra": None}


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = NET["body"](x)
        if NET["extra"] is not None:
            h = NET["extra"](h)
        p = NET["head"](h)
        loss = tf.reduce_mean(tf.square(p - y))
    crc = zlib.crc32(p.numpy().tobytes()) % 977
    vs = NET["body"].trainable_variables + NET["head"].trainable_variables
    if NET["extra"] is not None:
        vs = vs + NET["extra"].trainable_variables
    grads = tape.gradient(loss, vs)
    for v, g in zip(vs, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, crc


for step in range(32):
    if step == 10:
        NET["body"] = keras.layers.Dense(6, activation="tanh")
    if step == 17:
        NET["body"] = keras.layers.Dense(3, activation="relu")
        NET["head"] = keras.layers.Dense(1)
    if step == 24:
        NET["extra"] = Bias()
    i = (step * 8) % 88
    loss, grads, crc = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, repr(float(loss)), crc, NET["body"].name, NET["head"].name,
          NET["extra"].name if NET["extra"] is not None else None)
    print("  body", flat(NET["body"].kernel)[:6], "g", flat(grads[-1]))
    print("  rng", random.random(), float(np.random.random()))

probe = keras.layers.Dense(2)
probe.build((None, 2))
print(json.dumps({"probe": probe.name, "probe_k": flat(probe.kernel),
                  "paths": [v.path for v in NET["body"].weights + NET["head"].weights + NET["extra"].weights],
                  "vars": [flat(v) for v in NET["body"].weights + NET["head"].weights]}))
