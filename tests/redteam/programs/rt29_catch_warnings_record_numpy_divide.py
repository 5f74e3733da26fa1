"""The whole loop runs under warnings.catch_warnings(record=True) with simplefilter('always');
the step divides loss.numpy() by a global DENOM and prints the ndarray result.  At step 15
DENOM becomes 0.0, so numpy's division warns (divide by zero) each call.  The count of
recorded warnings is printed per step.  Probes: numpy floating-point warnings from
t.numpy() arithmetic in a converted step."""
import random

import numpy

random.seed(2910)
numpy.random.seed(2910)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2910)
rng = np.random.default_rng(2910)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)

DENOM = 2.0
CAUGHT = warnings.catch_warnings(record=True)
RECS = CAUGHT.__enter__()
warnings.simplefilter("always")


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    r = loss.numpy() / DENOM
    print("ratio", r)
    return loss


for step in range(30):
    if step == 15:
        DENOM = 0.0
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len([w for w in RECS if issubclass(w.category, RuntimeWarning)]))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
