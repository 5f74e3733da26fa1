"""From step 10 on the caller runs each step inside TF's VariableWatcher
(tensorflow.python.eager.record.VariableWatcher, the C-level hook tf.function and
tf.Module use to learn which variables code reads) and prints the names of the
variables it saw.  In eager every ReadVariableOp of the step notifies the watcher, so
it reports W1, W2 and W3 (W3 is read only for steps whose index is even: the step reads
it under a Python flag the loop passes).  Probes: a thread-local TF hook entered by the
caller around a converted call."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(26)
numpy.random.seed(26)

import json

import numpy as np
import tensorflow as tf
from tensorflow.python.eager.record import VariableWatcher

rng = np.random.default_rng(2626)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4, name="W1")
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4, name="W2")
W3 = tf.Variable(np.ones((1,), np.float32), name="W3", trainable=False)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    return loss


for step in range(30):
    i = (step * 8) % 56
    x, y = tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])
    if step >= 10:
        with VariableWatcher() as watcher:
            loss = train_step(x, y)
        names = sorted(v.name for v in watcher.watched_variables())
        del watcher
        print(step, repr(float(loss)), names)
    else:
        loss = train_step(x, y)
        print(step, repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
