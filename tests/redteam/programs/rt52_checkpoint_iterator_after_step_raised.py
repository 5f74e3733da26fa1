"""The step pulls its batch, then raises ValueError (a Python `if` on the batch's max
target) for batches whose targets exceed a threshold. Right after each raise the loop
saves a tf.train.Checkpoint of the iterator into a temporary directory, pulls two
elements, restores, and pulls two again: both pairs are printed.
Probes: the iterator's saved position right after a call that pulled and then raised."""
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
IT = iter(DS)
TMP = tempfile.mkdtemp()
CK = tf.train.Checkpoint(it=IT)
RAISED = []


def train_step():
    x, y, i = next(IT)
    if tf.reduce_max(y) > 2.2:
        raise ValueError("target too large")
    return sgd(x, y), i


for step in range(40):
    try:
        loss, i = train_step()
        print(step, ids_of(i), repr(float(loss)))
    except ValueError as e:
        RAISED.append(step)
        path = CK.save(os.path.join(TMP, "ck"))
        a = [ids_of(next(IT)[2]) for _ in range(2)]
        CK.restore(path)
        b = [ids_of(next(IT)[2]) for _ in range(2)]
        CK.restore(path)
        print(step, "ValueError", e, a, b)
shutil.rmtree(TMP)
del TMP, CK, path       # (temporary paths differ from run to run)
final(raised=RAISED)
