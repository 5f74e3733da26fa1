"""The step pulls its batch and raises RuntimeError (Python `if` on a tensor) for some
batches. After each raise, and every 7 steps, the loop passes the iterator to its own
tf.function `peek`, which calls next() in a graph, and prints the id it got.
Probes: the program's tf.function pulling from the iterator right after a converted
call that pulled and raised (the element must not be waiting elsewhere)."""
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

IT = iter(tf.data.Dataset.from_tensor_slices((XS, YS, IDS)).batch(4).repeat())


@tf.function
def peek(it):
    x, y, i = next(it)
    return i


def train_step():
    x, y, i = next(IT)
    if tf.reduce_min(y) < -1.8:
        raise RuntimeError("outlier batch")
    return sgd(x, y), i


for step in range(45):
    try:
        loss, i = train_step()
        print(step, ids_of(i), repr(float(loss)))
    except RuntimeError as e:
        print(step, "RuntimeError", e, "peek", ids_of(peek(IT)))
    if step % 7 == 6:
        print(step, "periodic peek", ids_of(peek(IT)))
final()
