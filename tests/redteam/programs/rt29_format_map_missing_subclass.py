"""The step prints '{lv:.5f}|{tag}|{n}'.format_map(Fill(lv=float(loss))), Fill a dict
subclass whose __missing__ answers 'tag' from a global and 'n' from a counter the
step bumps after.  At step 15 the global tag changes.  Probes: str.format_map calling
the program's __missing__."""
import random

import numpy

random.seed(2912)
numpy.random.seed(2912)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2912)
rng = np.random.default_rng(2912)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)

TAGV = "warm"
COUNT = [0]


class Fill(dict):
    def __missing__(self, key):
        if key == "tag":
            return TAGV
        return COUNT[0]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    print("fm", "{lv:.5f}|{tag}|{n}".format_map(Fill(lv=float(loss))))
    COUNT[0] += 1
    return loss


for step in range(30):
    if step == 15:
        TAGV = 'main'
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
