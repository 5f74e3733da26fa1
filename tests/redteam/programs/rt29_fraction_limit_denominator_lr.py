"""The step prints fractions.Fraction(float(loss)).limit_denominator(MAXD) (pure-Python
stdlib arithmetic on a float the graph computes).  At step 15 MAXD changes from 100 to
7.  Probes: stdlib number classes given graph floats."""
import random

import numpy

random.seed(2915)
numpy.random.seed(2915)

import json
import fractions

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2915)
rng = np.random.default_rng(2915)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
MAXD = 100


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    fr = fractions.Fraction(float(loss)).limit_denominator(MAXD)
    print("frac", fr.numerator, fr.denominator)
    return loss


for step in range(30):
    if step == 15:
        MAXD = 7
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
