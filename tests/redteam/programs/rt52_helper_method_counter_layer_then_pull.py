"""The step calls a loader object's method next_batch(), which bumps a pull counter,
runs a Dense layer on a fixed probe tensor (recording its mean in a list), and only
then pulls the batch; 30 rows by 4 repeated give a partial batch every epoch.
Probes: a pull inside a method called by the step, after a counter write and a Keras
layer call, in calls that fall back on a partial batch."""
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

PROBE_LAYER = keras.layers.Dense(2, kernel_initializer="ones")
PROBE = tf.constant([[0.1, 0.2, 0.3]])


class Loader:
    def __init__(self):
        self.it = iter(tf.data.Dataset.from_tensor_slices((XS[:30], YS[:30], IDS[:30])).batch(4).repeat())
        self.count = 0
        self.probes = []

    def next_batch(self):
        self.count += 1
        p = PROBE_LAYER(PROBE)
        self.probes.append(round(float(tf.reduce_mean(p)), 6))
        return next(self.it)


L = Loader()


def train_step():
    x, y, i = L.next_batch()
    return sgd(x, y), i


for step in range(40):
    loss, i = train_step()
    print(step, L.count, ids_of(i), repr(float(loss)))
final(count=L.count, probes=L.probes[:5], nprobes=len(L.probes))
