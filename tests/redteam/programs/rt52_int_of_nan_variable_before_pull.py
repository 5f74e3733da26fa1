"""The step converts a gate variable to a Python int (int(GATE)) to pick a loss multiplier
before pulling its batch. The loop assigns NaN to the gate at step 19 and restores it at
step 22; int() of NaN raises ValueError before the pull. The loop peeks the iterator.
Probes: int() of a variable that fails on its value, before the first pull."""
import random

import numpy

random.seed(52)
numpy.random.seed(52)

import json
import functools
import io
import itertools
import math
import os
import shutil
import tempfile
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5201)
rng = np.random.default_rng(5201)
N = 40
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25]], np.float32) + 0.1).astype(np.float32)
IDS = np.arange(N, dtype=np.int64)
W = tf.Variable(tf.zeros([3, 1]), name="w")
B = tf.Variable(tf.zeros([1]), name="b")


def ids_of(t):
    return t.numpy().tolist()


def sgd(x, y, lr=0.05):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(lr * gw)
    B.assign_sub(lr * gb)
    return loss


def final(**extra):
    d = {"w": [repr(float(v)) for v in W.numpy().ravel()], "b": repr(float(B.numpy()[0]))}
    d.update(extra)
    print(json.dumps(d, sort_keys=True, default=str))

GATE = tf.Variable(2.0)
IT = iter(tf.data.Dataset.from_tensor_slices((XS, YS, IDS)).batch(4).repeat())
SEEN = []


def train_step():
    mult = int(GATE) + 1
    SEEN.append(mult)
    x, y, i = next(IT)
    return sgd(x, y, 0.02 * mult), i


for step in range(40):
    if step == 19:
        GATE.assign(float("nan"))
    if step == 22:
        GATE.assign(1.0)
    try:
        loss, i = train_step()
        print(step, ids_of(i), repr(float(loss)))
    except ValueError as e:
        _, _, pk = next(IT)
        print(step, "ValueError", e, "peek", ids_of(pk))
final(seen=SEEN)
