"""Before pulling, the step branches in Python on a tensor (FLIP > 0, a variable the loop
sets with a pattern so both arms run many times) and counts the arm in an attribute;
then it pulls its batch and trains with a sign taken from the arm.
Probes: a Python `if` on a tensor (both arms seen) with attribute writes in each arm,
before the pull."""
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

FLIP = tf.Variable(1.0)
IT = iter(tf.data.Dataset.from_tensor_slices((XS, YS, IDS)).batch(4).repeat())


class Stats:
    pos = 0
    neg = 0


S = Stats()


def train_step():
    if FLIP > 0:
        S.pos += 1
        lr = 0.05
    else:
        S.neg += 1
        lr = 0.02
    x, y, i = next(IT)
    return sgd(x, y, lr), i


for step in range(42):
    FLIP.assign(1.0 if (step * 7) % 5 < 3 else -1.0)
    loss, i = train_step()
    print(step, S.pos, S.neg, ids_of(i), repr(float(loss)))
final(pos=S.pos, neg=S.neg)
