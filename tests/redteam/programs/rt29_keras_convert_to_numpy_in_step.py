"""The step calls keras.ops.convert_to_numpy(h) on its residuals and prints
np.round(arr.sum(), 4) and arr.dtype; at step 15 a global CAST switches the residuals
to float64 with tf.cast before conversion.  Probes: Keras' numpy conversion of a
graph tensor."""
import random

import numpy

random.seed(2922)
numpy.random.seed(2922)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2922)
rng = np.random.default_rng(2922)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CAST = tf.float32


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    arr = keras.ops.convert_to_numpy(tf.cast(x @ W - y, CAST))
    print("np", repr(float(np.round(arr.sum(), 4))), arr.dtype.name)
    return loss


for step in range(30):
    if step == 15:
        CAST = tf.float64
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
