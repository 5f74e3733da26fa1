"""The step prints string.Template('loss=$lv tag=$tag').substitute(lv=float(loss), tag=TAG)
(pure-Python stdlib code using a compiled regex).  At step 15 TAG changes.
Probes: stdlib text code given a float the graph computes."""
import random

import numpy

random.seed(2913)
numpy.random.seed(2913)

import json
import string

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2913)
rng = np.random.default_rng(2913)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
TAG = "warm"
TPL = string.Template("loss=$lv tag=$tag")


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    print(TPL.substitute(lv=float(loss), tag=TAG))
    return loss


for step in range(30):
    if step == 15:
        TAG = 'main'
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
