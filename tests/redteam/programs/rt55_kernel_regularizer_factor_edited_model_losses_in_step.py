"""A model whose hidden Dense layer has `kernel_regularizer=L2(0.01)`; the step adds
`sum(MODEL.losses)` (Keras computes each variable's `regularizer(variable)` when the
property is read) to the data loss.  Between calls the loop raises the regularizer's
`l2` factor in place (step 6), swaps the Keras variable's regularizer for an L1 object
(step 12), sets the first regularizer's factor again although it is no longer attached
(step 17: nothing changes), attaches a program-defined regularizer class reading a
global (step 22), and changes that global (step 27).
Probes: Keras' regularization losses read through `model.losses` in the step, with the
regularizer object held by a Keras variable edited, swapped, and replaced by the
program's own class between converted calls."""
import random

import numpy

random.seed(5518)
numpy.random.seed(5518)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5518)
rng = np.random.default_rng(5518)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + XS[:, 5:6] * 0.3).astype(np.float32)

REG = keras.regularizers.L2(0.01)
COEF = 0.002


class Tilted(keras.regularizers.Regularizer):
    def __call__(self, w):
        return COEF * tf.reduce_sum(tf.abs(w)) + COEF * tf.reduce_sum(w)


HIDDEN = keras.layers.Dense(8, activation="tanh", kernel_regularizer=REG)
MODEL = keras.Sequential([keras.Input((6,)), HIDDEN, keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        data = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
        reg = tf.add_n(MODEL.losses) if MODEL.losses else tf.constant(0.0)
        loss = data + reg
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return data, reg


for step in range(32):
    if step == 6:
        REG.l2 = 0.1
    if step == 12:
        HIDDEN.kernel.regularizer = keras.regularizers.L1(0.005)
    if step == 17:
        REG.l2 = 0.5
    if step == 22:
        HIDDEN.kernel.regularizer = Tilted()
    if step == 27:
        COEF = 0.02
    i = (step * 16) % 112
    data, reg = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(data)), repr(float(reg)))

print(json.dumps({"k": [repr(float(t)) for t in HIDDEN.kernel.numpy().ravel()[:12]]}))
