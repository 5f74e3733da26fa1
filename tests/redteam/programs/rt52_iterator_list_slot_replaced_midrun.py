"""The step pulls from ITS[0], an iterator held in a module-level list. At step 17 the
loop puts a different iterator (another seeded shuffle of the same rows) into the slot,
and at step 29 puts the first iterator back (which resumes where it stood).
Probes: an iterator read from a list slot the loop rebinds mid-run, and the old
iterator's position after it comes back."""
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

DSA = tf.data.Dataset.from_tensor_slices((XS, YS, IDS)).batch(4).repeat()
DSB = tf.data.Dataset.from_tensor_slices((XS, YS, IDS)).shuffle(40, seed=9).batch(4).repeat()
A = iter(DSA)
Bi = iter(DSB)
ITS = [A]


def train_step():
    x, y, i = next(ITS[0])
    return sgd(x, y), i


for step in range(42):
    if step == 17:
        ITS[0] = Bi
    if step == 29:
        ITS[0] = A
    loss, i = train_step()
    print(step, ITS[0] is A, ids_of(i), repr(float(loss)))
final(a_next=ids_of(next(A)[2]), b_next=ids_of(next(Bi)[2]))
