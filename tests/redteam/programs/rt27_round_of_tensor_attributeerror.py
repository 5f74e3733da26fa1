"""The step rounds a statistic for its history: r = round(stat, 4), inside a try.  stat
is what READ(...) gives for the batch loss: float (a Python float) until step 15, when
the loop sets READ = tf.identity, so stat is an EagerTensor.  round() of an EagerTensor
goes to numpy's __round__, which calls .astype and raises AttributeError ("EagerTensor
object has no attribute 'astype'").  The step catches AttributeError and records None.
Probes: a builtin applied to a graph tensor where eager's tensor refuses it."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2719)
numpy.random.seed(2719)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27191)
rng = np.random.default_rng(27191)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
READ = float
HISTORY = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    stat = READ(loss)
    try:
        r = round(stat, 4)
    except AttributeError:
        r = None
    HISTORY.append(r)
    return loss


for step in range(30):
    if step == 15:
        READ = tf.identity
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), HISTORY[-1], len(HISTORY))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "history_tail": [repr(v) for v in HISTORY[-3:]],
}))
