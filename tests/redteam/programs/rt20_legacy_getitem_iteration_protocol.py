"""Probes CPython's legacy sequence protocol: iterating, unpacking and `in` on an
object that defines `__getitem__` (raising IndexError at the end) but no `__iter__`.

`ParamGroups` holds (variable index, lr multiplier) pairs in a list and exposes them
only through `__getitem__`.  The step scales each variable's gradient with
`for idx, mult in GROUPS:`, unpacks `first, *rest = GROUPS` and tests `(1, 0.0) in
GROUPS`.  CPython's iterator calls `__getitem__(0), (1), ...` until IndexError, at every
call.  The loop appends a group at step 10, changes a multiplier at 18, removes a group
at 26 and freezes variable 1 (`(1, 0.0)`) at 32.

A conversion that iterates the object natively once at build time, or guards only the
first items, keeps the old groups: the printed counts, membership answers and weights
differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2020)
random.seed(2020)
np.random.seed(2020)
rng = np.random.default_rng(2020)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 5)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.4)
VARS = [W1, W2]


class ParamGroups:
    def __init__(self, groups):
        self.groups = groups

    def __getitem__(self, i):
        return self.groups[i]


GROUPS = ParamGroups([(0, 1.0)])


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, VARS)
    n = 0
    for idx, mult in GROUPS:
        VARS[idx].assign_sub(0.05 * mult * grads[idx])
        n += 1
    first, *rest = GROUPS
    frozen1 = (1, 0.0) in GROUPS
    return loss, n, first, len(rest), frozen1


for step in range(40):
    if step == 10:
        GROUPS.groups.append((1, 0.5))
    if step == 18:
        GROUPS.groups[0] = (0, 0.2)
    if step == 26:
        del GROUPS.groups[0]
    if step == 32:
        GROUPS.groups[0] = (1, 0.0)
        GROUPS.groups.append((0, 1.0))
    i = (step * 8) % 56
    loss, n, first, nrest, frozen1 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, round(float(loss), 6), n, first, nrest, frozen1)

print(json.dumps({
    "groups": GROUPS.groups,
    "W1": [round(float(v), 6) for v in W1.numpy().ravel()[:8]],
    "W2": [round(float(v), 6) for v in W2.numpy().ravel()],
}))
