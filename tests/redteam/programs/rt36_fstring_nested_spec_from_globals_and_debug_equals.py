"""The step formats its log line with f-strings whose *format spec itself* is built
from Python globals: `f"{lf:{w}.{p}f}"` with width w = WIDTH (+1 when FLAG) and
precision p = PREC, `f"{n:>{w}d}"` of the step counter the graph computes, and the
self-documenting `f"{lf=:.3e}"` and `f"{n = }"` forms (which keep the expression text
and its spaces and use repr() without a spec).  At step 11 PREC changes from 4 to 7,
at step 20 the fill/align global ALIGN changes from '>' to '^' (used as
`f"{lf:*{ALIGN}{w}.{p}f}"`), at step 25 FLAG becomes True (width 10)."""
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

keras.utils.set_random_seed(3621)
rng = np.random.default_rng(3621)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
PREC = 4
ALIGN = ">"
WIDTH = 9
FLAG = False
LINES = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    n = int(OPT.iterations)
    w = WIDTH + (1 if FLAG else 0)
    p = PREC
    lf = float(loss)
    line = f"|{lf:{w}.{p}f}|{n:>{w}d}|{lf=:.3e}|{n = }|{lf:*{ALIGN}{w}.{p}f}|"
    LINES.append(line)
    return loss, line


for step in range(30):
    if step == 11:
        PREC = 7
    if step == 20:
        ALIGN = "^"
    if step == 25:
        FLAG = True
    i = (step * 8) % 56
    loss, line = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), line)

print(json.dumps({
    "W1": [float(v).hex() for v in W1.numpy().ravel()[:8]],
    "W2": [float(v).hex() for v in W2.numpy().ravel()],
    "last": LINES[-2:],
}))
