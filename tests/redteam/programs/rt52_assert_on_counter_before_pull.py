"""The step increments a global Python counter and asserts it is not a multiple of 13
before pulling the batch; the assertion fails at calls 13, 26 and 39. The loop catches
AssertionError and peeks the iterator.
Probes: a Python assert on a counter the step writes, failing before the first pull."""
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

IT = iter(tf.data.Dataset.from_tensor_slices((XS, YS, IDS)).batch(3).repeat())
n = 0


def train_step():
    global n
    n += 1
    assert n % 13 != 0, f"bad call {n}"
    x, y, i = next(IT)
    return sgd(x, y), i


for step in range(42):
    try:
        loss, i = train_step()
        print(step, n, ids_of(i), repr(float(loss)))
    except AssertionError as e:
        _, _, pk = next(IT)
        print(step, "AssertionError", e, "peek", ids_of(pk))
final(n=n)
