"""A Dense layer's activation is the program's function reading a temperature tensor
from a global the loop changes every call.  Keras calls it eagerly while janus profiles
the step, so janus watches it; while janus builds, Keras calls it back and the builder
must interpret it, reading the global at each call."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(73)
rng = np.random.default_rng(73)
TEMPERATURE = tf.constant(1.0)


def tempered(z):
    return tf.tanh(z / TEMPERATURE)


layer = keras.layers.Dense(2, activation=tempered)
OPT = keras.optimizers.SGD(0.05)


def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(layer(x)))
    grads = tape.gradient(loss, layer.trainable_variables)
    OPT.apply_gradients(zip(grads, layer.trainable_variables))
    return loss


for i in range(24):
    TEMPERATURE = tf.constant(1.0 + 0.25 * (i % 4))
    print(i, repr(float(train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32))))))
del TEMPERATURE
print(json.dumps([repr(float(v)) for v in layer.kernel.numpy().ravel()]))
