"""A custom Keras layer scales its logits by a factor computed from a keyword argument
with Python arithmetic: scale = 1.0 / (t * t + 0.3) ** 0.5.  The step passes
t = 0.7 + (int(OPT.iterations) % 5) * 0.13, a Python float computed from the optimizer's
counter.  Eagerly Keras leaves a Python float alone (its kwargs conversion only touches
objects with __array__), so the scale is computed in double precision and rounded to
float32 once, where it meets the tensor; if the kwarg reaches call() as a float32
tensor, each operation rounds to float32.  Probes: Python numbers janus carries handed
to library code that converts anything array-like."""
import random

import numpy

random.seed(3428)
numpy.random.seed(3428)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3428)
rng = np.random.default_rng(3428)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) * 0.7).astype(np.float32)


class ScaledHead(keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], 1), initializer="glorot_uniform", name="w")

    def call(self, h, t=1.0):
        scale = 1.0 / (t * t + 0.3) ** 0.5
        return (h @ self.w) * scale


BODY = keras.layers.Dense(6, activation="tanh")
HEAD = ScaledHead()
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y):
    t = 0.7 + (int(OPT.iterations) % 5) * 0.13
    with tf.GradientTape() as tape:
        pred = HEAD(BODY(x), t=t)
        loss = tf.reduce_mean(tf.square(pred - y))
    tv = BODY.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss, pred


for step in range(40):
    i = (step * 8) % 88
    loss, pred = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), float(tf.reduce_sum(pred)).hex())

for v in BODY.trainable_variables + HEAD.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())
