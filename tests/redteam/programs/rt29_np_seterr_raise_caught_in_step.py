"""The step computes ratio = loss.numpy() / DENOM inside try/except FloatingPointError
and prints which happened; numpy's error state is set to divide='raise' at the start.
At step 15 DENOM becomes 0.0, so eager's division raises FloatingPointError, caught in
the step.  Probes: a numpy floating-point exception in a converted step's handler."""
import random

import numpy

random.seed(2931)
numpy.random.seed(2931)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2931)
rng = np.random.default_rng(2931)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
DENOM = 2.0
np.seterr(divide='raise')


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    try:
        r = loss.numpy() / DENOM
        print("ratio", r)
    except FloatingPointError as e:
        print("fpe", str(e))
    return loss


for step in range(30):
    if step == 15:
        DENOM = 0.0
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
