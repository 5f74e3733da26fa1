"""The step takes a pair with next(zip(ITA, ITB), None) from two iterators: ITA over 40
rows, ITB over 24 rows, both batched by 4. When ITB runs out, zip has already taken one
element from ITA, which is lost. The loop prints ITA's next element after the end and
makes a new ITB (and a new ITA once ITA is exhausted).
Probes: zip of two tf.data iterators with a default inside the step, one element
consumed from the first iterator when the second ends."""
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

ITA = iter(tf.data.Dataset.from_tensor_slices((XS, YS, IDS)).batch(4))
ITB = iter(tf.data.Dataset.from_tensor_slices(IDS[:24] * 100).batch(4))


def train_step():
    pair = next(zip(ITA, ITB), None)
    if pair is None:
        return None
    (x, y, i), j = pair
    return sgd(x, y), i, j


for step in range(40):
    r = train_step()
    if r is None:
        nxt = next(ITA, None)
        print(step, "end", None if nxt is None else ids_of(nxt[2]))
        ITB = iter(tf.data.Dataset.from_tensor_slices(IDS[:24] * 100).batch(4))
        if nxt is None:
            ITA = iter(tf.data.Dataset.from_tensor_slices((XS, YS, IDS)).batch(4))
        continue
    print(step, ids_of(r[1]), ids_of(r[2]), repr(float(r[0])))
final()
