"""Probes a Python draw whose result selects which function the step calls:
`aug = AUGS[random.randrange(len(AUGS))]` (random augmentation policy), and a numpy
draw that selects a loss weight `WEIGHTS[np.random.randint(0, 3)]`.

Eager draws at every call and calls the augmentation drawn: the graph of ops differs
per call.  The loop appends a fourth augmentation at step 12 (randrange's bound
changes), replaces one at step 20 and sets `WEIGHTS[1]` at 26.

A conversion that takes the draws as graph inputs but keeps the function picked at the
build (a Python call cannot be chosen by a run-time number), or the weight read at the
build, trains on other inputs: the printed choices, losses, weights and generator states
differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2029)
random.seed(2029)
np.random.seed(2029)
rng = np.random.default_rng(2029)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.02)


def identity(x):
    return x


def flip(x):
    return tf.reverse(x, axis=[1])


def scale(x):
    return x * 1.5


def shift(x):
    return x + 0.25


def negate(x):
    return -x


AUGS = [identity, flip, scale]
WEIGHTS = [1.0, 0.5, 2.0]


def train_step(x, y):
    k = random.randrange(len(AUGS))
    aug = AUGS[k]
    j = np.random.randint(0, 3)
    weight = WEIGHTS[j]
    xa = aug(x)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xa @ W - y)) * weight
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, aug.__name__, int(j)


for step in range(40):
    if step == 12:
        AUGS.append(shift)
    if step == 20:
        AUGS[0] = negate
    if step == 26:
        WEIGHTS[1] = 0.1
    i = (step * 8) % 56
    loss, name, j = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, round(float(loss), 6), name, j)

print(json.dumps({
    "py_next": random.random(),
    "np_next": float(np.random.random()),
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
}))
