"""Each step prints a progress line into a module-level io.StringIO log before pulling its
batch from a tf.data iterator. At step 21 the loop closes that StringIO; the step's print
then raises ValueError (I/O on closed file) before the pull. The loop catches it, peeks
the iterator and installs a fresh StringIO two steps later.
Probes: a print to a stream that fails before the first pull (the element must stay on
the iterator; nothing else of the step may land)."""
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

LOG = io.StringIO()
IT = iter(tf.data.Dataset.from_tensor_slices((XS, YS, IDS)).batch(4).repeat())
COUNT = [0]
TOTAL = []


def train_step():
    COUNT[0] += 1
    print("pre", COUNT[0], file=LOG)
    x, y, i = next(IT)
    return sgd(x, y), i


for step in range(40):
    if step == 21:
        TOTAL.append(len(LOG.getvalue()))
        LOG.close()
    if step == 24:
        LOG = io.StringIO()
    try:
        loss, i = train_step()
        print(step, COUNT[0], ids_of(i), repr(float(loss)))
    except ValueError as e:
        _, _, pk = next(IT)
        print(step, "ValueError", e, "peek", ids_of(pk), COUNT[0])
TOTAL.append(len(LOG.getvalue()))
final(count=COUNT, total=TOTAL)
