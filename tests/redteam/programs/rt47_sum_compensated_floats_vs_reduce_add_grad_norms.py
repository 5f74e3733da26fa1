"""Gradient-norm bookkeeping with Python floats computed from the step's tensors
(`float(tf.norm(g))`) combined four ways: builtin sum() (compensated summation since
CPython 3.12), functools.reduce(operator.add, ...), the last item of
itertools.accumulate(...), and math.fsum; plus a mixed int/float sum that starts with
an int the graph computes (int(tf.argmax(...))) and 2**53 + 1.  A large offset added and
subtracted around the norms makes naive left-to-right addition lose the norms entirely
while sum() keeps them; the compensated total scales the update.  The offset and the
sum's start value are changed mid-run (steps 9, 17, 25).  Probes: Python's exact sum()
algorithm on graph-computed floats vs operator.add folding."""
import random

import numpy

random.seed(4702)
numpy.random.seed(4702)

import functools
import itertools
import json
import math
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4702)
rng = np.random.default_rng(4702)
XS = rng.normal(size=(120, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25], [2.0]], np.float32) + 0.1).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((4,)),
    keras.layers.Dense(6, activation="relu"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.02)
OFFSET = 1e17
START = 0
HIST = []


def combine(norms, pick):
    big = OFFSET * (1.0 + norms[0])
    parts = [big] + norms + [-big]
    s_builtin = sum(parts, START)
    s_reduce = functools.reduce(operator.add, parts)
    s_acc = list(itertools.accumulate(parts))[-1]
    s_fsum = math.fsum(parts)
    mixed = sum([pick, 2 ** 53 + 1, 0.5] + norms)
    return s_builtin, s_reduce, s_acc, s_fsum, mixed


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    norms = [float(tf.norm(g)) for g in grads]
    pick = int(tf.argmax(tf.reshape(pred, [-1])))
    s_builtin, s_reduce, s_acc, s_fsum, mixed = combine(norms, pick)
    scale = 1.0 / (1.0 + abs(s_builtin))
    OPT.apply_gradients(zip([g * scale for g in grads], MODEL.trainable_variables))
    HIST.append(s_builtin)
    return loss, s_builtin, s_reduce, s_acc, s_fsum, mixed


for step in range(30):
    if step == 9:
        OFFSET = 3.0e15
    if step == 17:
        START = 0.25
    if step == 25:
        OFFSET = 0.0
        START = 1
    i = (step * 10) % 110
    loss, sb, sr, sa, sf, mx = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), repr(sb), repr(sr), repr(sa), repr(sf), repr(mx))

print(json.dumps({
    "hist": [repr(h) for h in HIST[-5:]],
    "total": repr(sum(HIST)),
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
}))
