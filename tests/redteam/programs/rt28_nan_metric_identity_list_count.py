"""The step computes a Python float metric m = float(sqrt(mean(pred) - FLOOR)), appends it
to a history list and asks `HISTORY[-1:] == [m]` and `(m, 1) == (m, 1)`.  List and tuple equality
compare items by identity first (PyObject_RichCompareBool), so in eager the metric just
appended always finds itself, even when it is NaN (NaN != NaN).  At step 14 the loop
raises FLOOR so mean(pred) - FLOOR goes negative and m becomes NaN.  Probes: identity
shortcuts of list comparisons on a float the graph computes."""
import random

import numpy

random.seed(2814)
numpy.random.seed(2814)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2814)
rng = np.random.default_rng(2814)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
FLOOR = -10.0
HISTORY = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        pred = h @ W2
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    m = float(tf.sqrt(tf.reduce_mean(pred) - FLOOR))
    HISTORY.append(m)
    seen = HISTORY[-1:] == [m]
    recent = (m, 1) == (m, 1)
    return loss, m, seen, recent


for step in range(30):
    if step == 14:
        FLOOR = 10.0
    i = (step * 8) % 56
    loss, m, seen, recent = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(m), seen, recent, m is HISTORY[-1])

print(json.dumps({
    "hist": [repr(v) for v in HISTORY[-4:]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
