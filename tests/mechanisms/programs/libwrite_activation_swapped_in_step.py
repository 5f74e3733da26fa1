"""An architecture search step swaps its hidden layer's activation by name before the
forward pass (`HIDDEN.activation = ACTIVATIONS[name]`, Keras functions read from a
dict); the name changes at steps 9 and 18.  The layer's call reads the activation the
step wrote."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(123)
rng = np.random.default_rng(123)
HIDDEN = keras.layers.Dense(4, activation="relu")
HEAD = keras.layers.Dense(1)
MODEL = keras.Sequential([keras.Input((3,)), HIDDEN, HEAD])
OPT = keras.optimizers.SGD(learning_rate=0.05)
ACTIVATIONS = {"relu": keras.activations.relu, "tanh": keras.activations.tanh,
               "linear": keras.activations.linear}


def train_step(x, y, name):
    HIDDEN.activation = ACTIVATIONS[name]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    name = "relu" if step < 9 else "tanh" if step < 18 else "linear"
    x = tf.constant(rng.normal(size=(6, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(6, 1)).astype(np.float32))
    print(step, repr(float(train_step(x, y, name))), HIDDEN.activation.__name__)
print(json.dumps([float(v).hex() for v in np.concatenate(
    [v.numpy().ravel() for v in MODEL.trainable_variables])]))
