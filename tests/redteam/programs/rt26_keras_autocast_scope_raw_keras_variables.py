"""The step computes with raw keras.Variable weights through keras.ops (no layer
__call__, which would enter an AutocastScope of its own).  At step 10 the caller enters
Keras' AutocastScope("float16") (keras.src.backend.common.variables, the thread-local
global attribute "autocast_scope" that KerasVariable.value consults): from then on each
read of a float Keras variable is cast to float16, so eager's matmuls use rounded
weights (keras.ops.matmul then promotes back to float32).  At step 20 the scope is
exited.  Probes: a Keras thread-local switch set by the caller, read by library code."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(26)
numpy.random.seed(26)

import json

import keras
import numpy as np
import tensorflow as tf
from keras.src.backend.common.variables import AutocastScope

rng = np.random.default_rng(2614)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = keras.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = keras.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
TVARS = [W1.value, W2.value]


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = keras.ops.tanh(keras.ops.matmul(x, W1))
        pred = keras.ops.matmul(h, W2)
        loss = keras.ops.mean(keras.ops.square(pred - y))
    g1, g2 = tape.gradient(loss, TVARS)
    TVARS[0].assign_sub(0.05 * g1)
    TVARS[1].assign_sub(0.05 * g2)
    return loss


SCOPE = AutocastScope("float16")
for step in range(30):
    if step == 10:
        SCOPE.__enter__()
    if step == 20:
        SCOPE.__exit__(None, None, None)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), loss.dtype.name)

print(json.dumps({
    "W1": [repr(float(v)) for v in TVARS[0].numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in TVARS[1].numpy().ravel()],
}))
