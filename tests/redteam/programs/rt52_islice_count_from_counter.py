"""The step accumulates k = 1 + (calls % 3) batches with itertools.islice(IT, k) in a for
loop (k from an attribute the step advances), concatenates them and trains once; a
30-row pipeline by 4 repeated puts partial batches at various positions.
Probes: a varying number of pulls per call taken through islice with a count from
Python state, with partial batches among them."""
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

IT = iter(tf.data.Dataset.from_tensor_slices((XS[:30], YS[:30], IDS[:30])).batch(4).repeat())


class Trainer:
    calls = 0


T = Trainer()


def train_step():
    k = 1 + T.calls % 3
    T.calls += 1
    xs, ys, ids = [], [], []
    for x, y, i in itertools.islice(IT, k):
        xs.append(x)
        ys.append(y)
        ids.append(i)
    return sgd(tf.concat(xs, 0), tf.concat(ys, 0)), tf.concat(ids, 0), k


for step in range(40):
    loss, i, k = train_step()
    print(step, k, ids_of(i), repr(float(loss)))
final(calls=T.calls)
