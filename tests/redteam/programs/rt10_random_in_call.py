"""Random draws inside co-executed layer calls: a program layer that calls tf.random.normal
(global-seeded op seeds) and keras.random.normal with seed=None (Keras' global
SeedGenerator) in call(), and a GaussianNoise layer (its own SeedGenerator) with training
toggled. The program re-seeds mid-run: keras.utils.set_random_seed at step 12 (drops Keras'
global generator) and tf.random.set_seed at step 20. The step prints the draws. Batches come
from a module-level generator resumed in the step (refused)."""
import json
import random

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(3030)
rng = np.random.default_rng(3030)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")


class Noisy(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 4), initializer="glorot_uniform", name="w")

    def call(self, x):
        n1 = tf.random.normal(tf.shape(x), stddev=0.1)
        n2 = keras.random.normal((4,), stddev=0.1)
        return tf.tanh(tf.matmul(x + n1, self.w) + n2), n1[0, 0], n2[0]


def batches():
    i = 0
    while True:
        yield tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8])
        i = (i + 8) % 88


DATA = batches()
NOISY = Noisy()
GN = keras.layers.GaussianNoise(0.2)
HEAD = keras.layers.Dense(1)
NOISY.build((None, 4))
HEAD.build((None, 4))
VARS = NOISY.trainable_variables + HEAD.trainable_variables


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(training):
    x, y = next(DATA)
    with tf.GradientTape() as tape:
        h, d1, d2 = NOISY(x)
        h = GN(h, training=training)
        p = HEAD(h)
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, d1, d2, h


for step in range(32):
    if step == 12:
        keras.utils.set_random_seed(77)
    if step == 20:
        tf.random.set_seed(5)
    loss, grads, d1, d2, h = train_step(step % 4 != 3)
    print(step, repr(float(loss)), repr(float(d1)), repr(float(d2)), flat(h[0]))
    print("  g", flat(grads[-1]), "gn", flat(GN.seed_generator.state), random.random())

print(json.dumps({"vars": [flat(v) for v in VARS], "np": float(np.random.random())}))
