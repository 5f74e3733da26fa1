"""Mechanism: a Dense layer's activation is the program's function whose default is a
TUPLE holding two lists, `def gated(x, cfg=([0.5], [1.0]))`: (slope list, gain list).
Keras calls it back with x only, so the default is what it reads.  The tuple is
immutable, but the lists inside are not: at steps 8, 16 and 24 the loop edits them in
place through `gated.__defaults__[0][0][0] = ...` and appends a second gain.  The
function object, its __defaults__ tuple and the tuple's items keep their identity, so
no function watcher fires.  Eager reads the lists at every call; a build that took an
immutable default (the tuple) as a constant, contents included, keeps the first slope.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(21)
np.random.seed(21)
keras.utils.set_random_seed(21)
rng = np.random.default_rng(21)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.abs(XS[:, :1] - XS[:, 2:3]).astype(np.float32)


def gated(x, cfg=([0.5], [1.0])):
    slopes, gains = cfg
    g = gains[0] if len(gains) == 1 else gains[0] * gains[1]
    return tf.where(x > 0, x, x * slopes[0]) * g


MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation=gated),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 8:
        gated.__defaults__[0][0][0] = 0.05
    if step == 16:
        gated.__defaults__[0][1].append(0.5)
    if step == 24:
        gated.__defaults__[0][0][0] = -0.3
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), gated.__defaults__[0])

print(json.dumps({"vars": [[repr(float(v)) for v in w.numpy().ravel()[:6]]
                           for w in MODEL.trainable_variables],
                  "defaults": repr(gated.__defaults__)}))
