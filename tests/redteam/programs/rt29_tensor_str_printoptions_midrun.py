"""The step prints the loss tensor and a vector tensor themselves (str and repr of
EagerTensors, which numpy formats).  At step 15 the loop calls
np.set_printoptions(precision=3, floatmode='fixed').  Probes: numpy print options read
when a tensor is formatted in a converted step."""
import random

import numpy

random.seed(2909)
numpy.random.seed(2909)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2909)
rng = np.random.default_rng(2909)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    v = tf.reshape(W, [-1]) * 1.0
    print("loss", loss)
    print(repr(v))
    return loss


for step in range(30):
    if step == 15:
        np.set_printoptions(precision=3, floatmode='fixed')
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
