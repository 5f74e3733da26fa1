"""Probe: __index__ of the program's own object used where CPython needs an integer.

A Window object (with __index__ returning its `n`, and a side effect: a counter of how
often CPython asked) is used as a slice bound on the ndarray batch (`x[:win]`, numpy asks), as a
range() bound in a Python loop in the step, as a list index (`SCALES[win]`), and in
`operator.index(win)`. The loop changes `win.n` at steps 7, 15 and 23 (the object keeps
its identity), and at step 19 replaces Window.__index__ on the class with one that
clamps to 3. Eager calls __index__ every time; the number of calls per step and the
slices follow each change. A graph that evaluated __index__ once at build time freezes
the slice width and the counter. Mechanism: implicit __index__ calls (slicing, range,
sequence indexing) on mutable user objects."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1507)
rng = np.random.default_rng(1507)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 2:3]).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SCALES = [1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2]
ASKED = [0]


class Window:
    def __init__(self, n):
        self.n = n

    def __index__(self):
        ASKED[0] += 1
        return self.n


win = Window(8)


def train_step(x, y):
    with tf.GradientTape() as tape:
        xs = tf.convert_to_tensor(x[:win])
        ys = tf.convert_to_tensor(y[:win])
        loss = tf.reduce_mean(tf.square(xs @ W - ys)) * SCALES[win]
        for k in range(win):
            if k >= 2:
                break
            loss = loss + 0.001 * tf.reduce_sum(tf.square(W[k]))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, operator.index(win), xs.shape[0]


def clamped(self):
    ASKED[0] += 1
    return min(self.n, 3)


for step in range(30):
    if step == 7:
        win.n = 5
    if step == 15:
        win.n = 2
    if step == 19:
        Window.__index__ = clamped
    if step == 23:
        win.n = 8
    i = (step * 8) % 56
    loss, idx, rows = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(round(float(loss), 6)), "index", idx, "rows", rows, "asked", ASKED[0])

print(json.dumps({"W": [round(float(v), 6) for v in W.numpy().ravel()], "asked": ASKED[0]}))
