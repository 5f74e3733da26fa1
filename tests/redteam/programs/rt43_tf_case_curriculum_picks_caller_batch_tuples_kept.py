"""Curriculum replay: the caller passes three candidate batches (easy, medium, hard
tuples) each step and the step picks one with `tf.case([(loss_e < a, lambda: easy),
(loss_e < b, lambda: medium)], default=lambda: hard)` from the current loss on the easy
batch.  It trains on the chosen tuple and stores it (`CUR.last = chosen`) so that the
caller can log which candidate object was used (`CUR.last is hard` ...).  Eager's tf.case
returns the very tuple the branch lambda returned.  The caller reuses the hard batch
object across steps and makes new easy/medium tuples each step; the thresholds move at
step 12 so the later pairs and the default get picked after conversion.  Probes: identity
of caller tuples chosen through tf.case's nested conds."""
import random

import numpy

random.seed(4322)
numpy.random.seed(4322)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4322)
rng = np.random.default_rng(4322)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + XS[:, 2:3]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 10)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(10, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.Adam(learning_rate=0.01)
BOUNDS = [0.05, 0.1]


class Curriculum:
    last = None


CUR = Curriculum()


def model(x):
    return tf.tanh(x @ W1) @ W2


def train_step(easy, medium, hard):
    le = tf.reduce_mean(tf.square(model(easy[0]) - easy[1]))
    chosen = tf.case([(le < BOUNDS[0], lambda: easy), (le < BOUNDS[1], lambda: medium)],
                     default=lambda: hard)
    x, y = chosen
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    CUR.last = chosen
    return loss, le


hard = (tf.constant(XS[140:156]), tf.constant(YS[140:156]))
for step in range(30):
    if step == 12:
        BOUNDS[0] = 1.2
        BOUNDS[1] = 1.5
    i = (step * 8) % 120
    easy = (tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    medium = (tf.constant(XS[i + 4:i + 12]), tf.constant(YS[i + 4:i + 12]))
    loss, le = train_step(easy, medium, hard)
    which = ["easy" if CUR.last is easy else "", "medium" if CUR.last is medium else "",
             "hard" if CUR.last is hard else ""]
    print(step, repr(float(loss)), repr(float(le)), "".join(which) or "none")

print(json.dumps({"W2": [repr(float(v)) for v in W2.numpy().ravel()]}))
