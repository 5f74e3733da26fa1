"""`zip(*ROWS)` and `max(ROWS, key=len)` over lists of lists the loop edits in place.

ROWS is a global list of per-class lists of feature weights.  The step transposes it
with `zip(*ROWS)` (zip stops at the SHORTEST inner list, so the number of columns is the
minimum length), picks the longest row with `max(ROWS, key=len)` (the first of equal
lengths), and unpacks the first two rows (`a, b, *_ = ROWS`) to sum their last items.
Mid-run the loop appends to one inner list (step 12: no new column yet, since another row
is still shorter; max() now picks it), appends to the others (step 20: one more column),
and replaces an item of an inner list by an equal float (step 30: 2 -> 2.0, so the
first column's sum turns from the int 6 into the float 6.0).  The outer list never changes.  A guard that pins the outer list's items
by identity but not what they hold, or a star-call read of the outer list alone, would
keep the build's column count and picks.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2113)
random.seed(2113)
np.random.seed(2113)
rng = np.random.default_rng(2113)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

ROWS = [[1, 1.0], [2, 0.25, 0.75], [3, -0.5]]


def train_step(x, y):
    cols = [sum(c) for c in zip(*ROWS)]
    longest = max(ROWS, key=len)
    a, b, *_ = ROWS
    tail = a[-1] + b[-1]
    scale = 1.0 + 0.05 * sum(cols) + 0.01 * len(longest) + 0.02 * tail
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * scale
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, cols, ROWS.index(longest), tail


for step in range(40):
    if step == 12:
        ROWS[2].append(0.125)
        ROWS[2].append(0.0625)
    if step == 20:
        ROWS[0].append(3.0)
        ROWS[1].append(-1.0)
    if step == 30:
        ROWS[1][0] = 2.0
    i = (step * 8) % 88
    loss, cols, which, tail = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(cols), which, repr(tail))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "rows": ROWS,
    "iterations": int(OPT.iterations.numpy()),
}))
