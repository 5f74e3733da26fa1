"""A custom Keras layer tags its activation statistics with tf.get_current_name_scope()
read inside call(); the model applies the same layer instance twice (weight tying) in
one forward pass.  Keras enters tf.name_scope(layer.name) around every call: eagerly
both calls read "tied" (eager scopes are never uniquified), while inside one graph the
second call's scope becomes "tied_1".  The statistics are kept in a dict keyed by the
tag and printed.  Probes: graph name-scope uniquification seen through Keras' own
scopes."""
import random

import numpy

random.seed(3431)
numpy.random.seed(3431)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3431)
rng = np.random.default_rng(3431)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = np.tanh(XS[:, :3].sum(axis=1, keepdims=True)).astype(np.float32)
STATS = {}


class Tied(keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], input_shape[-1]), initializer="orthogonal", name="w")

    def call(self, h):
        tag = tf.get_current_name_scope()
        STATS[tag] = STATS.get(tag, 0) + 1
        return tf.tanh(h @ self.w) + h


TIED = Tied(name="tied")
HEAD = keras.layers.Dense(1)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = TIED(TIED(x))
        loss = tf.reduce_mean(tf.square(HEAD(h) - y))
    tv = TIED.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss


for step in range(32):
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), len(STATS))

print("stats", sorted(STATS.items()))
for v in TIED.trainable_variables + HEAD.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())
