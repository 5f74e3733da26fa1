"""`m = n or FALLBACK` returns one of its operands: the int n when n != 0, else the
float FALLBACK.  n = int(OPT.iterations) % 4 is a number the graph computes, so the
*Python type* of m (int or float) and its repr depend on data only the graph knows
(every fourth step m is the float).  Likewise `k = (loss_f > THRESH) and n` is either
the bool False or the int n.  The step stores m and k in a history list, formats them
with repr() and uses them as a multiplier.  At step 13 FALLBACK changes from 0.5 to
the int 2, so the zero case then yields an int too."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3606)
rng = np.random.default_rng(3606)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
FALLBACK = 0.5
THRESH = 0.3
HIST = []


def train_step(x, y):
    n = int(OPT.iterations) % 4
    m = n or FALLBACK
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * (1.0 + 0.1 * m)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    loss_f = float(loss)
    k = (loss_f > THRESH) and n
    HIST.append((m, k))
    return loss, repr(m) + "/" + repr(k), m


for step in range(30):
    if step == 13:
        FALLBACK = 2
    i = (step * 8) % 56
    loss, text, m = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), text, type(m).__name__, type(HIST[-1][1]).__name__)

print(json.dumps({
    "W1": [float(v).hex() for v in W1.numpy().ravel()[:8]],
    "W2": [float(v).hex() for v in W2.numpy().ravel()],
    "hist": [[repr(a), repr(b)] for a, b in HIST[-8:]],
}))
