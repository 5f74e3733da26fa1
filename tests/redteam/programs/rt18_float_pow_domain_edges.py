"""Probes: Python's `**` on floats the graph computes, at its domain edges.

The contract follows CPython for `**` ("libm's pow, as eager's kernel") and lists the
cases where an in-graph check sends the call to the interpreter.  Python's float power
has three more behaviours TF's Pow does not share: a negative base with a non-integer
exponent gives a *complex* number (TF: nan), an overflowing result raises
OverflowError (TF: inf), and 0.0 to a negative power raises ZeroDivisionError (TF:
inf).  The step computes `gap = float(loss) - TARGET` and from it `gap ** 0.5`,
`(gap * GROW) ** 200.0` growth and `gap ** -1.0`, catching OverflowError and
ZeroDivisionError and recording the result's type name and value.  The gap changes sign
as the loss falls below TARGET (around step 8-12), the growth overflows only for large
gaps, and at step 18 TARGET is set so that the gap is exactly 0.0 for one batch."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1827)
rng = np.random.default_rng(1827)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
CFG = {"target": 0.75, "grow": 150.0}


class Record:
    def __init__(self):
        self.rows = []


REC = Record()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    gap = float(loss) - CFG["target"]
    root = gap ** 0.5
    try:
        growth = (gap * CFG["grow"]) ** 200.0
    except OverflowError:
        growth = -1.0
    try:
        inv = gap ** -1.0
    except ZeroDivisionError:
        inv = 0.0
    REC.rows.append((type(root).__name__, repr(root), repr(growth), repr(inv)))
    return loss, root


for step in range(30):
    if step == 18:
        CFG["target"] = 0.0
        CFG["grow"] = 1.0
    i = (step * 8) % 56
    loss, root = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), *REC.rows[-1])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "root_types": [r[0] for r in REC.rows],
    "last_root": repr(root),
}))
