"""The step prints str(decimal.Decimal(float(loss)) + 0) and the loop changes
decimal.getcontext().prec from 28 to 6 at step 15 (a thread-local context of the
stdlib's C decimal).  Probes: decimal arithmetic on graph floats and its context."""
import random

import numpy

random.seed(2917)
numpy.random.seed(2917)

import json
import decimal

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2917)
rng = np.random.default_rng(2917)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    d = decimal.Decimal(float(loss)) + 0
    print("dec", str(d))
    return loss


for step in range(30):
    if step == 15:
        decimal.getcontext().prec = 6
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
