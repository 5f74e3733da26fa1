"""A pipeline with a .map adding seeded tf.random.uniform noise (seed=5), .prefetch(2) and
.take(61) batches of 2; the step pulls two batches per call. At the odd end the second
pull raises StopIteration inside the step after the first pull succeeded; the loop
catches it and peeks with next(it, "done").
Probes: two pulls per call over a seeded random map with prefetch and take, the end of
data met between them."""
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

DS = tf.data.Dataset.from_tensor_slices((XS, YS, IDS)).repeat()
DS = DS.map(lambda x, y, i: (x + 0.05 * tf.random.uniform([3], seed=5), y, i)).batch(2).take(61).prefetch(2)
IT = iter(DS)
GOT = []


def train_step():
    x1, y1, i1 = next(IT)
    GOT.append(ids_of(i1))
    x2, y2, i2 = next(IT)
    return sgd(tf.concat([x1, x2], 0), tf.concat([y1, y2], 0)), i1, i2, tf.reduce_sum(x1)


for step in range(33):
    try:
        loss, i1, i2, s = train_step()
        print(step, ids_of(i1), ids_of(i2), repr(float(s)), repr(float(loss)))
    except StopIteration:
        print(step, "StopIteration", next(IT, "done"), len(GOT))
final(got=GOT)
