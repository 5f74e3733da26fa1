"""Probes literal patterns in `match`: `case True:`/`case False:`/`case None:` compare
by identity (`is`), while `case 1:`/`case 0:` compare with `==`.

The step picks a regularisation mode with `match flag:` on a flag the loop passes in.
Eager: `True` -> "is-true"; `np.True_`, `1.0`, `np.int64(1)` -> not `is True`, but `== 1`
-> "eq-one"; `np.False_`, `0.0`, `-0.0`, `np.int64(0)` -> "eq-zero"; `False` ->
"is-false"; `None` -> "none"; `2` -> "other".  The flag changes kind every few steps
from step 10.  Each mode scales the penalty differently.

A conversion that answers `case True:` with `==` (or an `is` on values it rebuilt)
would pick "is-true" for `np.True_`/`1.0` and "is-false" for `0.0`: the printed kinds,
losses and weights differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2008)
random.seed(2008)
np.random.seed(2008)
rng = np.random.default_rng(2008)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.03)
KINDS = []


def train_step(x, y, flag):
    match flag:
        case True:
            kind = "is-true"
        case False:
            kind = "is-false"
        case None:
            kind = "none"
        case 1:
            kind = "eq-one"
        case 0:
            kind = "eq-zero"
        case _:
            kind = "other"
    coef = {"is-true": 0.1, "is-false": 0.0, "none": 0.02, "eq-one": 0.3,
            "eq-zero": 0.05, "other": 0.5}[kind]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + coef * tf.reduce_sum(tf.square(W))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    KINDS.append(kind)
    return loss, kind


FLAGS = ([True] * 10 + [np.True_] * 3 + [1.0] * 3 + [np.int64(1)] * 3 + [False] * 3
         + [np.False_] * 3 + [0.0] * 3 + [-0.0] * 3 + [None] * 3 + [2] * 3 + [True] * 3)
for step, flag in enumerate(FLAGS):
    i = (step * 8) % 56
    loss, kind = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), flag)
    print(step, repr(flag), kind, round(float(loss), 6))

print(json.dumps({
    "kinds": KINDS,
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
}))
