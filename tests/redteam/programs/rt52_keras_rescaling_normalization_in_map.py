"""A pipeline maps a keras Rescaling layer and a Normalization layer adapted beforehand
over the features (inside Dataset.map), with .prefetch(2); the step pulls and trains.
Normalization is adapted once more on other data at step 20 (outside the step) and a new
iterator is made.
Probes: Keras preprocessing layers inside the pipeline's map (one holding adapted
state), the pipeline rebuilt after re-adapting."""
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

RESC = keras.layers.Rescaling(0.5, offset=0.1)
NORM = keras.layers.Normalization(axis=-1)
NORM.adapt(XS)


def make_iter():
    ds = tf.data.Dataset.from_tensor_slices((XS, YS, IDS))
    ds = ds.map(lambda x, y, i: (NORM(RESC(x)), y, i)).batch(4).repeat().prefetch(2)
    return iter(ds)


IT = [make_iter()]


def train_step():
    x, y, i = next(IT[0])
    return sgd(x, y), i, tf.reduce_sum(x)


for step in range(40):
    if step == 20:
        NORM.adapt(XS * 2.0 + 1.0)
        IT[0] = make_iter()
    loss, i, s = train_step()
    print(step, ids_of(i), repr(float(s)), repr(float(loss)))
final()
