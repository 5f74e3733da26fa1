"""The step prints repr(np.float32(float(loss)) * np.float32(SCALE)) and
repr(loss.numpy()) (numpy scalar reprs, 'np.float32(...)').  At step 15 SCALE changes.
Probes: numpy scalars made in a converted step from graph values."""
import random

import numpy

random.seed(2916)
numpy.random.seed(2916)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2916)
rng = np.random.default_rng(2916)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SCALE = 1.0


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    s = np.float32(float(loss)) * np.float32(SCALE)
    print("np", repr(s), repr(loss.numpy()), type(s).__name__)
    return loss


for step in range(30):
    if step == 15:
        SCALE = 1.5
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
