"""Mechanism: the step itself writes into a list that is the default argument of the
program's activation function (`def gated(x, gains=GAINS)`, Keras calls it back with x
only), and then, in the same call, runs the model: `GAINS[0] = GAINS[0] * 0.9` (a decay
the step applies before its forward pass; it also counts its calls in a dict).  The loop
appends a second gain at steps 10 and 20 and resets GAINS[0] at step 15.  Eager's
activation reads the list after the step's write; a build that read the callback's
default from the heap by identity (the caller's list, whose writes are deferred to the
commit) rather than the call's copy uses the previous gains.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(101)
np.random.seed(101)
keras.utils.set_random_seed(101)
rng = np.random.default_rng(101)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS[:, :1] + 0.5 * XS[:, 1:2]).astype(np.float32)

GAINS = [1.0]
COUNT = {"n": 0}


def gated(x, gains=GAINS):
    g = 1.0
    for v in gains:
        g = g * v
    return tf.tanh(x) * g


MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation=gated),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    GAINS[0] = GAINS[0] * 0.9
    COUNT["n"] += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, GAINS[0]


for step in range(30):
    if step in (10, 20):
        GAINS.append(1.5)
    if step == 15:
        GAINS[0] = 1.0
    i = (step * 8) % 56
    loss, g = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(g), len(GAINS))

print(json.dumps({"vars": [[repr(float(v)) for v in w.numpy().ravel()[:6]]
                           for w in MODEL.trainable_variables],
                  "gains": [repr(v) for v in GAINS]}))
