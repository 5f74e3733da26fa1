"""Module-level state updated with `global` + `+=` in a raw-variable regression step:
`GRAD_STATS += grad.numpy()` where GRAD_STATS starts as a Python LIST of 3 floats: the
ndarray's `__radd__` runs first, so the global is rebound to a new float64 ndarray
(elementwise sum), the list (also held as ALIAS) is untouched; from the next call on
GRAD_STATS is an ndarray and `+=` is numpy's in-place add (same object, kept in
ARR_SEEN).  The loop resets GRAD_STATS to a fresh list at step 15 and to a float32
ndarray at step 23.  Alongside, `HIST += [float(loss)]` is a true extend and
`HIST += (step, )` extends with a tuple; `TOTAL += float(loss)` is a Python float.
Probes: the kind of `+=` is decided by the runtime types of both sides."""
import random

import numpy

random.seed(4803)
numpy.random.seed(4803)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4803)
rng = np.random.default_rng(4803)
XS = rng.normal(size=(80, 3)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [2.0]], np.float32) + 0.3).astype(np.float32)

W = tf.Variable(tf.zeros((3, 1)))
B = tf.Variable(tf.zeros((1,)))
OPT = keras.optimizers.SGD(learning_rate=0.05)

GRAD_STATS = [0.0, 0.0, 0.0]
ALIAS = GRAD_STATS
HIST = []
TOTAL = 0
ARR_SEEN = []


def train_step(x, y, step):
    global GRAD_STATS, HIST, TOTAL
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    OPT.apply_gradients([(gw, W), (gb, B)])
    GRAD_STATS += tf.abs(gw[:, 0]).numpy()
    HIST += [float(loss)]
    HIST += (step,)
    TOTAL += float(loss)
    return loss


for step in range(30):
    if step == 15:
        GRAD_STATS = [1.0, 1.0, 1.0]
        ALIAS2 = GRAD_STATS
    if step == 23:
        GRAD_STATS = np.zeros(3, np.float32)
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    if isinstance(GRAD_STATS, np.ndarray):
        if not any(GRAD_STATS is a for a in ARR_SEEN):
            ARR_SEEN.append(GRAD_STATS)
        gs = [GRAD_STATS.dtype.name] + [repr(float(v)) for v in GRAD_STATS]
    else:
        gs = ["list"] + [repr(v) for v in GRAD_STATS]
    print(step, repr(float(loss)), gs, len(ARR_SEEN), len(HIST), HIST[-2:], type(TOTAL).__name__, repr(TOTAL))

print(json.dumps({
    "alias": [repr(v) for v in ALIAS], "alias2": [repr(v) for v in ALIAS2],
    "arrays": [[a.dtype.name] + [repr(float(v)) for v in a] for a in ARR_SEEN],
    "hist_tail": [repr(v) for v in HIST[-6:]], "total": repr(TOTAL),
    "W": [repr(float(v)) for v in W.numpy().ravel()], "B": repr(float(B.numpy()[0])),
}))
