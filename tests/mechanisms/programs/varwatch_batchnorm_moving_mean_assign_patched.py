"""A BatchNormalization layer trained in the step: Keras updates its moving mean with
`moving_mean.assign(...)`, which reaches the tf.Variable underneath.  The loop replaces
that tf.Variable's `assign` with one that freezes the statistic half-way, swaps it for
another, then deletes it; only Keras' code reads the attribute."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(29)
rng = np.random.default_rng(29)
XS = (rng.normal(size=(96, 3)) * 2.0 + 1.0).astype(np.float32)
YS = (XS[:, :1] - XS[:, 2:]).astype(np.float32)
BN = keras.layers.BatchNormalization(momentum=0.8)
HEAD = keras.layers.Dense(1)
MODEL = keras.Sequential([keras.Input((3,)), BN, HEAD])
OPT = keras.optimizers.SGD(0.05)
MM = BN.moving_mean.value


def half(value, use_locking=None, name=None, read_value=True):
    return type(MM).assign(MM, 0.5 * (MM + value), use_locking, name, read_value)


def keep(value, use_locking=None, name=None, read_value=True):
    return type(MM).assign(MM, MM + 0.0 * value, use_locking, name, read_value)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 7:
        MM.assign = half
    if step == 14:
        MM.assign = keep
    if step == 22:
        del MM.assign
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), BN.moving_mean.numpy().tolist())
print(json.dumps({"mm": BN.moving_mean.numpy().tolist(),
                  "k": HEAD.kernel.numpy().ravel().tolist()}))
