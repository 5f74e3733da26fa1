"""A trainer object whose step first bumps a Python counter and computes a loss scale
1/(period - n) in Python, and only then pulls its batch from a repeated tf.data iterator
(an attribute). At n == period the division raises ZeroDivisionError before the pull;
the loop catches it, peeks the next element outside the step and goes on.
Probes: a Python ZeroDivisionError of a changing counter before the step's first pull
(the element must stay on the iterator, the counter write before the raise must land)."""
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

DS = tf.data.Dataset.from_tensor_slices((XS, YS, IDS)).batch(4).repeat()


class Trainer:
    def __init__(self, it):
        self.it = it
        self.n = 0
        self.period = 23

    def step(self):
        self.n += 1
        scale = 1.0 + 1.0 / (self.period - self.n)
        x, y, i = next(self.it)
        loss = sgd(x, y, 0.05 * abs(scale))
        return loss, i


T = Trainer(iter(DS))
for step in range(45):
    try:
        loss, i = T.step()
        print(step, T.n, ids_of(i), repr(float(loss)))
    except ZeroDivisionError as e:
        _, _, pk = next(T.it)
        print(step, "ZeroDivisionError", e, T.n, "peek", ids_of(pk))
        T.period += 20
final(n=T.n, period=T.period)
