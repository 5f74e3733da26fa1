"""Per-group monitoring with Python floats that can be NaN: the step computes the mean
loss over the examples of each of three target groups with tf.boolean_mask, and a group
absent from the batch gives NaN (mean of an empty tensor).  The floats (float() of the
step's tensors) are folded with builtin max()/min() in both argument orders (CPython
returns the first argument when the comparison with NaN is False, so max(nan, x) is nan
but max(x, nan) is x), itertools.accumulate(vals, max), functools.reduce(min, vals),
sorted(vals) (NaN breaks the ordering in CPython's particular way) and `v == v` tests.
The worst *finite* group loss (chosen with a key that maps NaN to -inf) sets a Python
weight on that group's loss term.  The group thresholds are edited between steps
(steps 9, 17, 24) so the pattern of empty groups changes.  Probes: Python's NaN
semantics of max/min/sorted/accumulate on floats computed by the graph."""
import random

import numpy

random.seed(4734)
numpy.random.seed(4734)

import functools
import itertools
import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4734)
rng = np.random.default_rng(4734)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] + 0.5 * XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.03)
EDGES = [-0.8, 0.8]
WEIGHTS_USED = []


def finite_key(v):
    return v if v == v else -math.inf


def train_step(x, y):
    lo, hi = EDGES
    with tf.GradientTape() as tape:
        err = tf.reshape(tf.square(MODEL(x) - y), [-1])
        yy = tf.reshape(y, [-1])
        masks = [yy < lo, (yy >= lo) & (yy <= hi), yy > hi]
        group = [tf.reduce_mean(tf.boolean_mask(err, m)) for m in masks]
        vals = [float(g) for g in group]
        worst = max(range(3), key=lambda k: finite_key(vals[k]))
        w = [1.0, 1.0, 1.0]
        w[worst] = 2.0
        terms = [wk * tf.where(tf.math.is_nan(g), 0.0, g) for wk, g in zip(w, group)]
        loss = tf.add_n(terms) / 4.0
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    a, b, c = vals
    print("  vals", [repr(v) for v in vals])
    print("  max", repr(max(a, b)), repr(max(b, a)), repr(max(vals)), repr(min(vals)),
          repr(min(c, a, b)))
    print("  acc", [repr(v) for v in itertools.accumulate(vals, max)],
          repr(functools.reduce(min, vals)), [repr(v) for v in sorted(vals)],
          [v == v for v in vals], worst)
    WEIGHTS_USED.append(worst)
    return loss


for step in range(30):
    if step == 9:
        EDGES[:] = [-2.5, 0.5]
    if step == 17:
        EDGES[:] = [-0.5, 2.5]
    if step == 24:
        EDGES[:] = [-3.0, 3.0]
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "worst": WEIGHTS_USED,
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
}))
