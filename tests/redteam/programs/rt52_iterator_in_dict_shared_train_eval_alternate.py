"""Iterators live in a dict the functions read by key. A training step (tape) and an
evaluation function (TF ops, no tape) alternate, both pulling from ITERS["data"] whose
pipeline repeats a 30-element set batched by 4 (a 2-row partial batch each epoch).
Probes: one iterator from a dict shared by two different converted functions that
alternate, with partial batches landing in either."""
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

DS = tf.data.Dataset.from_tensor_slices((XS[:30], YS[:30], IDS[:30])).batch(4).repeat()
ITERS = {"data": iter(DS), "unused": None}
EVALS = []


def train_step():
    x, y, i = next(ITERS["data"])
    return sgd(x, y), i


def eval_step():
    x, y, i = next(ITERS["data"])
    err = tf.reduce_mean(tf.abs(tf.matmul(x, W) + B - y))
    EVALS.append(int(tf.shape(x)[0]))
    return err, i


for step in range(60):
    if step % 2 == 0:
        loss, i = train_step()
        print(step, "train", ids_of(i), repr(float(loss)))
    else:
        err, i = eval_step()
        print(step, "eval", ids_of(i), repr(float(err)))
final(evals=EVALS)
