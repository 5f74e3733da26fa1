"""The step appends float(loss) of its first forward pass to a Python list HIST and then
calls tf.py_function(penalty, [pred], tf.float32), whose Python body reads len(HIST) and
HIST[-1] (what the step just wrote) to build a penalty that enters a second loss term
(outside the tape: it only scales the reported loss).  At step 14 the loop clears HIST
from outside.  Eager runs the py_function body in program order, after the append.
Probes: a tf.py_function whose Python body reads state the step wrote just before it."""
import random

import numpy

random.seed(420)
numpy.random.seed(420)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3840)
rng = np.random.default_rng(3840)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 2:]).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
HIST = []


def penalty(pred):
    n = len(HIST)
    last = HIST[-1] if HIST else 0.0
    return np.float32(float(np.mean(pred.numpy())) * 0.0 + n * 0.01 + last * 0.1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = x @ W
        loss = tf.reduce_mean(tf.square(pred - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    HIST.append(float(loss))
    pen = tf.py_function(penalty, [pred], tf.float32)
    return loss + pen, pen


for step in range(26):
    if step == 14:
        HIST.clear()
    i = (step * 8) % 40
    rep, pen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(rep)), repr(float(pen)), len(HIST))

print(json.dumps({"W": W.numpy().ravel().tolist(), "hist": HIST}))
