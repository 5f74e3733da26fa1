"""The step prints json.dumps({'lv': float(loss), 'r': round(float(loss), NDIG)}) (json's C
encoder formats floats with float.__repr__).  At step 15 NDIG changes from 3 to 6.
Probes: json encoding of Python floats the graph computes."""
import random

import numpy

random.seed(2914)
numpy.random.seed(2914)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2914)
rng = np.random.default_rng(2914)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
NDIG = 3


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    print(json.dumps({"lv": float(loss), "r": round(float(loss), NDIG)}))
    return loss


for step in range(30):
    if step == 15:
        NDIG = 6
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
