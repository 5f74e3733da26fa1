"""The step first calls a seeded keras Dropout layer (training=True) on a fixed mask
tensor, advancing its SeedGenerator, then pulls a batch from a pipeline of 30 rows by 4
repeated (a partial batch each epoch, which sends that call elsewhere) and trains with
the mask applied to the features.
Probes: a Keras layer call with its own seed state before the pull, in calls that fall
back on a partial batch."""
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

DROP = keras.layers.Dropout(0.5, seed=11)
ONES = tf.ones([1, 3])
IT = iter(tf.data.Dataset.from_tensor_slices((XS[:30], YS[:30], IDS[:30])).batch(4).repeat())


def train_step():
    mask = DROP(ONES, training=True)
    x, y, i = next(IT)
    return sgd(x * mask, y), i, mask


for step in range(40):
    loss, i, mask = train_step()
    print(step, ids_of(i), mask.numpy().ravel().tolist(), repr(float(loss)))
final(seed_state=DROP.seed_generator.state.numpy().tolist())
