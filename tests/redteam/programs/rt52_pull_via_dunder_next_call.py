"""The step pulls its batch by calling the iterator's __next__ method directly
(self.it.__next__()), with a partial last batch every epoch (30 rows by 4) over a
repeat(5) pipeline; at the end StopIteration is caught by the loop.
Probes: a pull spelled as an explicit __next__() method call."""
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

DS = tf.data.Dataset.from_tensor_slices((XS[:30], YS[:30], IDS[:30])).batch(4).repeat(5)


class Trainer:
    def __init__(self):
        self.it = iter(DS)
        self.pulled = 0

    def step(self):
        x, y, i = self.it.__next__()
        self.pulled += 1
        return sgd(x, y), i


T = Trainer()
for step in range(45):
    try:
        loss, i = T.step()
        print(step, T.pulled, ids_of(i), repr(float(loss)))
    except StopIteration:
        print(step, "StopIteration", T.pulled)
final(pulled=T.pulled)
