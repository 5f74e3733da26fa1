"""The step pulls a batch from a 3-batch pipeline repeated forever, stores the pulled
label tensor in a history list and returns it; the loop checks that the returned object
is the stored one, and compares it with the element three steps earlier (equal values,
different objects).
Probes: the pulled element returned and stored by the step: identity between what is
returned and what is stored, values against a later pull."""
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

DS = tf.data.Dataset.from_tensor_slices((XS[:12], YS[:12], IDS[:12])).batch(4).repeat()
IT = iter(DS)
HIST = []


def train_step():
    x, y, i = next(IT)
    HIST.append(i)
    return sgd(x, y), i


prev = []
for step in range(36):
    loss, i = train_step()
    same_obj = i is HIST[-1]
    if len(prev) >= 3:
        old = prev[-3]
        eq = bool(tf.reduce_all(old == i))
        print(step, ids_of(i), same_obj, eq, old is i, type(i).__name__, repr(float(loss)))
    else:
        print(step, ids_of(i), same_obj, type(i).__name__, repr(float(loss)))
    prev.append(i)
final(n=len(HIST), distinct=len({id(t) for t in HIST}))
