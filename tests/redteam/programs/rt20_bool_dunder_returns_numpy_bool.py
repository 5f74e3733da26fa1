"""Probes CPython's check of a user `__bool__` result: it must be exactly a `bool`.

The step decides whether to add an auxiliary penalty with `if GATE:`, where
`Gate.__bool__` returns `self.open`.  Eager: while `open` is `True`/`False` the truth
test works; when the loop sets it to `np.True_` (a numpy bool, not a Python bool), `1`
or `np.False_`, CPython raises `TypeError("__bool__ should return bool, returned ...")`
at the truth test, which the step catches: it then trains without the penalty and
records the message.  The change happens at steps 12, 18, 24, 30 and 36.

A conversion that inlines `__bool__` and takes the truth of whatever it returned (or
folds the first answer) would apply the penalty (or not) without the TypeError: the
losses, the variables and the recorded messages differ from eager's.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2002)
random.seed(2002)
np.random.seed(2002)
rng = np.random.default_rng(2002)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.Adam(learning_rate=0.02)


class Gate:
    def __init__(self):
        self.open = True

    def __bool__(self):
        return self.open


GATE = Gate()
ERRORS = []


def train_step(x, y):
    try:
        aux_on = True if GATE else False
    except TypeError as e:
        aux_on = False
        ERRORS.append(str(e))
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
        if aux_on:
            loss = loss + 0.05 * tf.reduce_sum(tf.square(W1))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, aux_on


CHANGES = {12: np.True_, 18: True, 24: 1, 30: False, 36: np.False_, 40: True}
for step in range(44):
    if step in CHANGES:
        GATE.open = CHANGES[step]
        print("gate.open =", repr(GATE.open))
    i = (step * 8) % 56
    loss, aux_on = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, round(float(loss), 6), aux_on, len(ERRORS))

print(json.dumps({
    "errors": ERRORS,
    "W1": [round(float(v), 6) for v in W1.numpy().ravel()[:10]],
    "W2": [round(float(v), 6) for v in W2.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
