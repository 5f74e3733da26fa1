"""The step reads its learning rate from a Python schedule list at an index it advances
itself (SCHED[self.k], then self.k += 1) and only afterwards pulls the batch from its
tf.data iterator. When k runs past the list the step raises IndexError before pulling;
the loop peeks the iterator and rewinds k.
Probes: an IndexError of a list subscript by a counter the step writes, before the
first pull."""
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

SCHED = [0.05, 0.04, 0.03, 0.02, 0.01, 0.02, 0.03, 0.04, 0.05, 0.045, 0.035, 0.025, 0.015, 0.01]
DS = tf.data.Dataset.from_tensor_slices((XS, YS, IDS)).shuffle(40, seed=3).batch(4).repeat()


class Trainer:
    def __init__(self):
        self.it = iter(DS)
        self.k = 0
        self.lrs = []

    def step(self):
        lr = SCHED[self.k]
        self.k += 1
        self.lrs.append(lr)
        x, y, i = next(self.it)
        return sgd(x, y, lr), i


T = Trainer()
for step in range(48):
    try:
        loss, i = T.step()
        print(step, T.k, ids_of(i), repr(float(loss)))
    except IndexError as e:
        _, _, pk = next(T.it)
        print(step, "IndexError", e, "peek", ids_of(pk), T.k)
        T.k = 3
final(k=T.k, lrs=T.lrs)
