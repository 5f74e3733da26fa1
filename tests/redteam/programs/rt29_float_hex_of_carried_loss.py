"""The step prints float(loss).hex() and the denominator of (float(loss) * SCALE).as_integer_ratio(),
C methods of a float the graph computes.  At step 15 SCALE changes from 1.0 to 3.0.
Probes: float methods on a Python float carried by the graph."""
import random

import numpy

random.seed(2907)
numpy.random.seed(2907)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2907)
rng = np.random.default_rng(2907)
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
    v = float(loss) * SCALE
    print("hex", v.hex(), v.as_integer_ratio()[1].bit_length(), v.is_integer())
    return loss


for step in range(30):
    if step == 15:
        SCALE = 3.0
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
