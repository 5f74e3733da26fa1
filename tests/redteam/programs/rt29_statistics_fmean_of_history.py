"""The step appends float(loss) to LOSSES and prints statistics.fmean(LOSSES[-WIN:]) and
statistics.median of it (pure-Python stdlib code).  At step 15 WIN changes from 3 to 5.
Probes: stdlib statistics on a list of graph floats."""
import random

import numpy

random.seed(2924)
numpy.random.seed(2924)

import json
import statistics

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2924)
rng = np.random.default_rng(2924)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
LOSSES = []
WIN = 3


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    LOSSES.append(float(loss))
    print("stats", repr(statistics.fmean(LOSSES[-WIN:])), repr(statistics.median(LOSSES[-WIN:])))
    return loss


for step in range(30):
    if step == 15:
        WIN = 5
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
