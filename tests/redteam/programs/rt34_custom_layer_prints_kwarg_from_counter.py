"""A custom Keras layer prints the keyword argument it was called with (a debugging line
in call()): `print(f"  gate call: mix={mix} kind={type(mix).__name__}")`.  The step
passes mix = 0.25 * (int(OPT.iterations) % 3), a Python float computed from the
optimizer's counter.  Keras' Layer.__call__ converts kwargs that have __array__ and
leaves Python numbers alone, so eagerly the line shows a Python float.  Probes: what a
library-converted carried number prints as inside the program's own code."""
import random

import numpy

random.seed(3435)
numpy.random.seed(3435)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3435)
rng = np.random.default_rng(3435)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2]).astype(np.float32)


class Gate(keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], input_shape[-1]), initializer="glorot_uniform", name="w")

    def call(self, h, mix=0.0):
        print(f"  gate call: mix={mix} kind={type(mix).__name__}")
        return h + mix * tf.tanh(h @ self.w)


BODY = keras.layers.Dense(5, activation="relu")
GATE = Gate()
HEAD = keras.layers.Dense(1)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    mix = 0.25 * (int(OPT.iterations) % 3)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(HEAD(GATE(BODY(x), mix=mix)) - y))
    tv = BODY.trainable_variables + GATE.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss


for step in range(30):
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex())

for v in BODY.trainable_variables + GATE.trainable_variables + HEAD.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())
