"""Mechanism: a two-input functional Keras model called with a list the program keeps
globally, `FEEDS = [x0, aux]`.  The step writes an item of that list (`FEEDS[1] =
aux_from(x)`, a tensor it computes from this call's batch) and then hands the whole list
to library code, `MODEL(FEEDS)`; Keras flattens the list natively.  Before each call the loop puts a fixed zero tensor back in FEEDS[1]; at step 17 it
replaces FEEDS[0] with a constant zero batch.  Eager's model sees the item just written;
a build that handed Keras the caller's list (the write deferred to the commit) would
feed the previous call's aux tensor (or the build's).
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(107)
np.random.seed(107)
keras.utils.set_random_seed(107)
rng = np.random.default_rng(107)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.sin(XS[:, :1]) * XS[:, 3:4]).astype(np.float32)

A = keras.Input((4,))
Bi = keras.Input((2,))
H = keras.layers.Concatenate()([keras.layers.Dense(5, activation="tanh")(A), Bi])
OUT = keras.layers.Dense(1)(H)
MODEL = keras.Model([A, Bi], OUT)
OPT = keras.optimizers.Adam(learning_rate=0.01)

AUX0 = tf.zeros((8, 2))
FEEDS = [tf.constant(XS[:8]), AUX0]


def aux_from(x):
    return tf.stack([tf.reduce_mean(x, axis=1), tf.reduce_max(x, axis=1)], axis=1)


def train_step(x, y):
    FEEDS[1] = aux_from(x)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(FEEDS) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    FEEDS[1] = AUX0
    if step == 17:
        FEEDS[0] = tf.zeros((8, 4))
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(tf.reduce_sum(FEEDS[1]))), FEEDS[1] is AUX0)

print(json.dumps({"vars": [[repr(float(v)) for v in w.numpy().ravel()[:6]]
                           for w in MODEL.trainable_variables]}))
