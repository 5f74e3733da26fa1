"""A regime-based trainer: the step maps the batch's gradient-noise estimate to a
learning-rate multiplier with `tf.case([(noise < a, lambda: 1.0 * base), (noise < b,
lambda: 0.5 * base)], default=unknown)`, where the default function raises the program's
own `RegimeError` ("no regime for this noise level").  The step catches it, skips the
update and counts the skip.  Eagerly the default runs (and raises) only when no
predicate holds.  janus asserts away a branch function that raises at the head of a
switch_case chain and refuses it further down; tf.case's default sits at the bottom of
its chain of conds.  The bounds shrink at step 12 so that skips start after conversion.
Probes: a raising default of tf.case, caught in the step."""
import random

import numpy

random.seed(4338)
numpy.random.seed(4338)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4338)
rng = np.random.default_rng(4338)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)) + 0.3 * rng.normal(size=(128, 1))).astype(np.float32)
W = tf.Variable(np.zeros((5, 1), np.float32))
BOUNDS = [50.0, 100.0]
STATS = {"skipped": 0, "applied": 0}


class RegimeError(Exception):
    pass


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    noise = tf.math.reduce_std(g) / (tf.reduce_mean(tf.abs(g)) + 1e-6)
    base = tf.constant(0.05)

    def unknown():
        raise RegimeError("no regime for this noise level")

    try:
        lr = tf.case([(noise < BOUNDS[0], lambda: 1.0 * base), (noise < BOUNDS[1], lambda: 0.5 * base)],
                     default=unknown)
    except RegimeError:
        STATS["skipped"] += 1
        return loss, noise, tf.constant(0.0)
    W.assign_sub(lr * g)
    STATS["applied"] += 1
    return loss, noise, lr


for step in range(30):
    if step == 12:
        BOUNDS[0] = 0.9
        BOUNDS[1] = 1.0
    i = (step * 16) % 112
    loss, noise, lr = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(float(noise)), repr(float(lr)), STATS["skipped"], STATS["applied"])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "stats": STATS}))
