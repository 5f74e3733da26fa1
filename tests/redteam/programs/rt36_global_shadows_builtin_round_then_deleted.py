"""The step reads `round(...)` and `min(...)` as builtins: LOAD_GLOBAL looks in the
module's globals first and only then in builtins.  At step 9 the loop binds a module
global named `round` (a program function that rounds down to a multiple of 0.125),
which now shadows the builtin for the step; at step 17 it binds `min` to a program
function that returns the *second* of equal arguments; at step 25 it deletes both
globals again (`del globals()["round"]`), so the builtins are visible once more.
The step stores round(...) of a float the graph computes and the result of min()
(its identity matters: `m is CAP`)."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3619)
rng = np.random.default_rng(3619)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CAP = 0.5
HIST = []


def floor8(v, nd=None):
    return math.floor(v * 8) / 8


def second_min(a, b):
    return b if b <= a else a


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    lf = float(loss)
    r = round(lf * 10, 2)
    m = min(CAP, 0.5)
    HIST.append(r)
    return loss, r, m


for step in range(30):
    if step == 9:
        globals()["round"] = floor8
    if step == 17:
        globals()["min"] = second_min
    if step == 25:
        del globals()["round"]
        del globals()["min"]
    i = (step * 8) % 56
    loss, r, m = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), repr(r), m is CAP, "round" in globals())

print(json.dumps({
    "W1": [float(v).hex() for v in W1.numpy().ravel()[:8]],
    "W2": [float(v).hex() for v in W2.numpy().ravel()],
    "hist": [repr(v) for v in HIST[-6:]],
}))
