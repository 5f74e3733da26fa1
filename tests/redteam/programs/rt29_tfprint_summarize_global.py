"""The step tf.prints W (a 4x1 variable read) and a 12-element tensor with
summarize=SUM to stdout; at step 15 SUM changes from 2 to -1 (all elements).
Probes: tf.print's summarize from a global in a converted step."""
import random

import numpy

random.seed(2930)
numpy.random.seed(2930)

import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2930)
rng = np.random.default_rng(2930)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SUM = 2


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    tf.print("v", tf.range(12) * 2, tf.reshape(W, [-1]) * 1.0, summarize=SUM, output_stream=sys.stdout)
    return loss


for step in range(30):
    if step == 15:
        SUM = -1
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), flush=True)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
