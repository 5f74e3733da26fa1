"""The step draws tf.random.normal noise (global seed, no op seed) before pulling its batch.
Every epoch the loop builds a new pipeline with an unseeded .shuffle(40) and a .map
adding unseeded tf.random.uniform jitter: both take their seeds from the global seed and
TF's op-seed counter, which the step's draws advance. Prints ids and a jitter checksum.
Probes: the op-seed counter moved by draws inside converted steps, as seen by a dataset
built afterwards outside the step."""
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



def make_iter():
    ds = tf.data.Dataset.from_tensor_slices((XS, YS, IDS)).shuffle(40)
    ds = ds.map(lambda x, y, i: (x + 0.01 * tf.random.uniform(tf.shape(x)), y, i))
    return iter(ds.batch(5))


class Holder:
    it = None


H = Holder()


def train_step():
    noise = tf.random.normal([5, 3])
    x, y, i = next(H.it)
    return sgd(x + 0.01 * noise, y), i, tf.reduce_sum(x)


step = 0
for epoch in range(5):
    H.it = make_iter()
    for _ in range(8):
        loss, i, s = train_step()
        print(epoch, step, ids_of(i), repr(float(s)), repr(float(loss)))
        step += 1
final(tail=repr(float(tf.random.uniform([]))))
