"""Partial fine-tuning where the step picks which variables to train with
itertools.islice(MODEL.trainable_variables, *WINDOW) and splits them into update groups
with itertools.batched(chosen, BATCH[0]); the WINDOW and BATCH lists are edited between
steps so that islice raises ValueError (a negative stop at step 8, a zero step at step
14), batched raises ValueError (n=0 at step 20), and the window selects nothing so that
functools.reduce over the empty group list raises TypeError (step 26).  Each error is
caught inside the step, its repr printed, and a fallback selection used.  Probes: the
exact exception types/messages of C itertools/functools argument checking raised inside
a converted step and caught there."""
import random

import numpy

random.seed(4705)
numpy.random.seed(4705)

import functools
import itertools
import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4705)
rng = np.random.default_rng(4705)
XS = rng.normal(size=(90, 6)).astype(np.float32)
YS = (XS[:, :3].mean(axis=1, keepdims=True) ** 2).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(8, activation="relu"),
    keras.layers.Dense(8, activation="relu"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.03)
OPT.build(MODEL.trainable_variables)
WINDOW = [0, 6, 1]
BATCH = [2]
ERRORS = []


def select(variables):
    try:
        chosen = list(itertools.islice(variables, *WINDOW))
    except ValueError as e:
        print("  islice error", repr(e))
        ERRORS.append(type(e).__name__)
        chosen = list(variables[-2:])
    try:
        groups = list(itertools.batched(chosen, BATCH[0]))
    except ValueError as e:
        print("  batched error", repr(e))
        ERRORS.append(type(e).__name__)
        groups = [tuple(chosen)]
    try:
        sizes = functools.reduce(operator.add, [len(g) for g in groups])
    except TypeError as e:
        print("  reduce error", repr(e))
        ERRORS.append(type(e).__name__)
        groups = [tuple(variables[-2:])]
        sizes = 2
    return groups, sizes


def train_step(x, y):
    groups, sizes = select(MODEL.trainable_variables)
    flat = [v for g in groups for v in g]
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, flat)
    OPT.apply_gradients(zip(grads, flat))
    print("  groups", [len(g) for g in groups], sizes)
    return loss


for step in range(32):
    if step == 5:
        WINDOW[:] = [2, 6, 2]
    if step == 8:
        WINDOW[1] = -1
    if step == 11:
        WINDOW[:] = [1, None]
    if step == 14:
        WINDOW[:] = [0, 4, 0]
    if step == 17:
        WINDOW[:] = [0, 4]
        BATCH[0] = 3
    if step == 20:
        BATCH[0] = 0
    if step == 23:
        BATCH[0] = 1
    if step == 26:
        WINDOW[:] = [7, 9]
    if step == 29:
        WINDOW[:] = [3]
    i = (step * 8) % 80
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), list(WINDOW), BATCH[0])

print(json.dumps({
    "errors": ERRORS,
    "w0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:5]],
    "w2": [repr(float(v)) for v in MODEL.layers[2].kernel.numpy().ravel()[:5]],
}))
