"""The step decides a loss multiplier in Python, TR.mult = 0.5 if float(loss) > LIMIT
else 1.0 (an attribute write), and then computes a numpy statistic with
tf.numpy_function(stat, [h], tf.float32, stateful=False), where stat is the program's
function and reads TR.mult (it scales the statistic by it) and counts its calls in
TR.calls; after the call the step reads TR.calls back.  In eager the callback runs
right there, after the write and before the read.  At step 15 the loop lowers LIMIT
from 10.0 to 0.3, so the write changes the multiplier on most calls.  Probes: Python
state that a host callback in the step reads and writes, ordered against the step's
own writes and reads."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2746)
numpy.random.seed(2746)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27461)
rng = np.random.default_rng(27461)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
LIMIT = 10.0


class Tracker:
    def __init__(self):
        self.mult = 1.0
        self.calls = 0


TR = Tracker()


def stat(h):
    TR.calls += 1
    return np.float32(TR.mult * float(np.std(h)))


def train_step(x, y):
    h0 = tf.tanh(x @ W1)
    base = tf.reduce_mean(tf.square(h0 @ W2 - y))
    TR.mult = 0.5 if float(base) > LIMIT else 1.0
    spread = tf.numpy_function(stat, [h0], tf.float32, stateful=False)
    seen = TR.calls
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * (1.0 + 0.1 * spread)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, spread, seen


for step in range(30):
    if step == 15:
        LIMIT = 0.3
    i = (step * 8) % 56
    loss, spread, seen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(spread)), seen, TR.calls, TR.mult)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
