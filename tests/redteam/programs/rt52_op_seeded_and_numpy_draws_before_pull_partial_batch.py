"""The step draws np.random.uniform (global numpy state) and tf.random.uniform with its own
op seed (seed=7, eager's cached kernel stream) before pulling its batch from 30 rows by
4 repeated, so every eighth call meets a partial batch. Both draws scale the update.
Probes: numpy and op-seeded TF draws before the pull in calls that fall back on the
partial batch (streams must not skip or repeat)."""
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


def train_step():
    a = np.random.uniform()
    t = tf.random.uniform([], seed=7)
    x, y, i = next(IT)
    return sgd(x, y, 0.02 + 0.02 * a + 0.02 * t), i, a, t


for step in range(42):
    loss, i, a, t = train_step()
    print(step, ids_of(i), repr(a), repr(float(t)), repr(float(loss)))
final(np_next=repr(np.random.uniform()), tf_next=repr(float(tf.random.uniform([], seed=7))))
