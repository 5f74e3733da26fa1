"""A functional regressor whose step adds weight penalties from a program dict keyed by
penalty objects (`for pen, coef in PENALTIES.items(): total += coef * pen(...)`; the
keys hash by identity, so the dict keeps insertion order and each key's `__call__` is
found on its class).  The loop re-classes a key in place -- `PEN_HEAD.__class__ =
L1Penalty` at step 12 -- changes a coefficient (`PENALTIES[PEN_BODY] = 3e-3`) at step
21, and re-classes the other key at step 29.  Each step prints the total loss, the
data loss, and each key's class and coefficient.
Probes: the guard on a dict's keys when the keys are the program's objects and the
step calls them: identity of a key kept, its class changed (the 2026-12-01 fix pinned
the classes of list and tuple items)."""
import random

import numpy

random.seed(5920)
numpy.random.seed(5920)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5920)
rng = np.random.default_rng(5920)
XS = rng.normal(size=(200, 6)).astype(np.float32)
YS = (XS[:, :2] @ np.array([[1.2], [-0.7]], np.float32) + 0.1 * XS[:, 2:3] ** 2).astype(np.float32)

inp = keras.Input((6,))
body = keras.layers.Dense(10, activation="relu", name="body")
head = keras.layers.Dense(1, name="head")
MODEL = keras.Model(inp, head(body(inp)))
GROUPS = {"body": [body.kernel], "head": [head.kernel]}


class L2Penalty:
    def __init__(self, group):
        self.group = group

    def __call__(self, weights):
        return tf.add_n([tf.reduce_sum(tf.square(w)) for w in weights])


class L1Penalty:
    def __init__(self, group):
        self.group = group

    def __call__(self, weights):
        return tf.add_n([tf.reduce_sum(tf.abs(w)) for w in weights])


PEN_BODY = L2Penalty("body")
PEN_HEAD = L2Penalty("head")
PENALTIES = {PEN_BODY: 1e-3, PEN_HEAD: 5e-3}
OPT = keras.optimizers.SGD(learning_rate=0.03)


def train_step(x, y):
    with tf.GradientTape() as tape:
        data_loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
        total = data_loss
        for pen, coef in PENALTIES.items():
            total = total + coef * pen(GROUPS[pen.group])
    grads = tape.gradient(total, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return total, data_loss


for step in range(34):
    if step == 12:
        PEN_HEAD.__class__ = L1Penalty
    if step == 21:
        PENALTIES[PEN_BODY] = 3e-3
    if step == 29:
        PEN_BODY.__class__ = L1Penalty
    i = (step * 18) % 180
    total, data_loss = train_step(tf.constant(XS[i:i + 18]), tf.constant(YS[i:i + 18]))
    print(step, repr(float(total)), repr(float(data_loss)),
          [f"{type(p).__name__}/{p.group}={c}" for p, c in PENALTIES.items()])

print(json.dumps({
    "body": [repr(float(v)) for v in body.kernel.numpy().ravel()[:8]],
    "head": [repr(float(v)) for v in head.kernel.numpy().ravel()],
}))
