"""A set the step builds from the program's dict, whose key ORDER the loop changes.

`ids = set(SLOTS)` inserts the dict's keys in the dict's order; the keys 0, 8, 16, 24
all want slot 0 of the new set's table, so the set's iteration order is the dict's
insertion order (and `SLOTS.keys() - {24}` and `{k for k in SLOTS if ...}` likewise).
The step folds per-id gains in the SET's iteration order (`acc = acc * 0.5 + g`), so
the float it computes depends on that order, returns the set and stores `list(ids)`.
Mid-run the loop reorders the dict without changing its keys or values
(`SLOTS[k] = SLOTS.pop(k)` moves k to the end: step 12 moves 0, step 22 moves 16, step
30 moves 8) and at step 34 replaces a value only.  The contract says a set the step
makes keeps eager's iteration order; a graph guarded on the dict's keys as a set (or on
its length) would keep the build's order and its folded float.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2129)
random.seed(2129)
np.random.seed(2129)
rng = np.random.default_rng(2129)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.01)

SLOTS = {0: 0.25, 8: 1.5, 16: -0.75, 24: 2.0}
STORED = {}


def train_step(x, y):
    ids = set(SLOTS)
    trimmed = SLOTS.keys() - {24}
    picked = {k for k in SLOTS if SLOTS[k] > 0}
    acc = 0.0
    for k in ids:
        acc = acc * 0.5 + SLOTS[k]
    acc2 = 0.0
    for k in trimmed:
        acc2 = acc2 * 0.25 + SLOTS[k]
    STORED["ids"] = list(ids)
    STORED["trimmed"] = list(trimmed)
    STORED["picked"] = list(picked)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (3.0 + acc) * (3.0 + acc2)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, acc, acc2, ids


for step in range(40):
    if step == 12:
        SLOTS[0] = SLOTS.pop(0)
    if step == 22:
        SLOTS[16] = SLOTS.pop(16)
    if step == 30:
        SLOTS[8] = SLOTS.pop(8)
    if step == 34:
        SLOTS[24] = -2.0
    i = (step * 8) % 88
    loss, acc, acc2, ids = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(acc), repr(acc2), list(ids), STORED["trimmed"],
          STORED["picked"])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "stored": STORED,
    "iterations": int(OPT.iterations.numpy()),
}))
