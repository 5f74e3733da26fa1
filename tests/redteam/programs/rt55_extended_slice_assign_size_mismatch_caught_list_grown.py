"""Polynomial feature coefficients kept in a global list `COEF`; each step writes the
even positions from its two newest Python floats with an extended-slice assignment
`COEF[::2] = [a, b]`, which CPython allows only when the slice has exactly two items.
When the loop appends a coefficient (step 8: five items, three even positions) the
assignment raises ValueError before changing anything; the step catches it, prints it,
and shortens the list itself with `del COEF[-1]` inside the handler, so the next call
succeeds.  The loop appends again at step 14 and 20 and inserts at the front at step 26
(the even positions move).
Probes: an extended-slice assignment of the program's list whose length the loop
changes: CPython's ValueError (message included) and an unchanged list when sizes
differ, a handler that edits the same list, in a converted step."""
import random

import numpy

random.seed(5526)
numpy.random.seed(5526)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5526)
rng = np.random.default_rng(5526)
XS = rng.uniform(-1.5, 1.5, size=(128, 1)).astype(np.float32)
YS = (0.5 * XS ** 3 - XS + 0.2).astype(np.float32)

W = tf.Variable(np.zeros((4, 1), np.float32))
COEF = [0.0, 1.0, 0.0, 1.0]
ERRORS = []


def train_step(x, y):
    feats = tf.concat([tf.ones_like(x), x, x * x, x * x * x], axis=1)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(feats @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.1 * g)
    a = round(float(W[0, 0]), 4)
    b = round(float(W[2, 0]), 4)
    try:
        COEF[::2] = [a, b]
    except ValueError as e:
        ERRORS.append(str(e))
        del COEF[-1]
    return loss


for step in range(32):
    if step in (8, 14, 20):
        COEF.append(9.0)
    if step == 26:
        COEF.insert(0, -1.0)
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), COEF, ERRORS[-1] if ERRORS else None)

print(json.dumps({"coef": COEF, "errors": ERRORS, "w": [repr(float(t)) for t in W.numpy().ravel()]}))
