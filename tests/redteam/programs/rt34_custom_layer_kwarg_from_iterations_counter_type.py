"""A custom Keras layer's call() takes a temperature keyword; the step passes
t = 1.0 + (int(OPT.iterations) % 4) * 0.25, a Python float computed from the
optimizer's counter (a number janus carries in the graph).  Keras' Layer.__call__ runs
maybe_convert over the kwargs, which converts anything with __array__ to a tensor and
leaves a Python float alone; call() records type(temperature).__name__.  Probes: the
type a carried Python number has inside library code (Keras' argument conversion)."""
import random

import numpy

random.seed(3427)
numpy.random.seed(3427)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3427)
rng = np.random.default_rng(3426)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, 0] + XS[:, 1] > 0).astype(np.int32)
KINDS = []


class TempHead(keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], 2), initializer="glorot_uniform", name="w")

    def call(self, h, temperature=1.0):
        KINDS.append(type(temperature).__name__)
        return (h @ self.w) / temperature


BODY = keras.layers.Dense(6, activation="tanh")
HEAD = TempHead()
OPT = keras.optimizers.SGD(learning_rate=0.1)
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(x, y):
    t = 1.0 + (int(OPT.iterations) % 4) * 0.25
    with tf.GradientTape() as tape:
        logits = HEAD(BODY(x), temperature=t)
        loss = LOSS(y, logits)
    tv = BODY.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss, t


for step in range(34):
    i = (step * 8) % 88
    loss, t = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), t.hex())

print("kinds", sorted(set(KINDS)), len(KINDS))
for v in BODY.trainable_variables + HEAD.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())
