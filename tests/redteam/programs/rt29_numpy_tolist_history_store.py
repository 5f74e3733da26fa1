"""The step appends W's values as h.numpy().tolist() (Python floats from float32) to a
HISTORY list and prints the list's last entry; at step 15 the loop swaps HISTORY for a
fresh list.  Probes: lists of Python floats made by numpy from graph outputs, stored."""
import random

import numpy

random.seed(2923)
numpy.random.seed(2923)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2923)
rng = np.random.default_rng(2923)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
HISTORY = []
FIRST = HISTORY


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    HISTORY.append(tf.reshape(W, [-1]).numpy().tolist())
    print("last", HISTORY[-1], type(HISTORY[-1][0]).__name__, len(HISTORY))
    return loss


for step in range(30):
    if step == 15:
        HISTORY = []
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))
print("first", len(FIRST), FIRST[3], "second", len(HISTORY), HISTORY[-1] == FIRST[-1])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
