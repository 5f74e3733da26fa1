"""Each step draws random.random() first; below 0.4 it pulls a second batch from the same
tf.data iterator and trains on both, otherwise on one. A tf.random.normal noise draw
(global seed) is added to the inputs. Prints the ids each step used.
Probes: the number of pulls in a call decided by a Python random draw made in the step
before the pulls, together with a tf.random draw."""
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
PULLS = []


def train_step():
    r = random.random()
    x, y, i = next(IT)
    if r < 0.4:
        x2, y2, i2 = next(IT)
        x = tf.concat([x, x2], 0)
        y = tf.concat([y, y2], 0)
        i = tf.concat([i, i2], 0)
    PULLS.append(1 if r >= 0.4 else 2)
    x = x + 0.01 * tf.random.normal(tf.shape(x))
    return sgd(x, y), i, r


for step in range(40):
    loss, i, r = train_step()
    print(step, repr(r), ids_of(i), repr(float(loss)))
final(pulls=PULLS, after=repr(random.random()))
