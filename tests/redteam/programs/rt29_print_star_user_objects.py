"""The step prints print(*ITEMS) where ITEMS is a list of program objects whose __str__
reads a counter, and bumps the counter after the print.  At step 15 the loop appends a
third object to ITEMS.  Probes: star-unpacked print arguments of program objects with
their own __str__."""
import random

import numpy

random.seed(2911)
numpy.random.seed(2911)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2911)
rng = np.random.default_rng(2911)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)

class Cell:
    def __init__(self, name):
        self.name = name
        self.n = 0

    def __str__(self):
        return f"{self.name}={self.n}"


ITEMS = [Cell("a"), Cell("b")]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    print("cells", *ITEMS)
    ITEMS[0].n += 1
    return loss


for step in range(30):
    if step == 15:
        ITEMS.append(Cell('c'))
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
