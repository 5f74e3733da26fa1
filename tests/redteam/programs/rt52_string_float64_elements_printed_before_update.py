"""A pipeline of float64 features, int64 labels and string names, batched by 3. The step
pulls, prints the names and labels with print() before the float64 update, and stores
the names of the batch it trained on in a list.
Probes: string/int64/float64 elements pulled in the step and printed before the update."""
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

X64 = XS.astype(np.float64)
Y64 = YS.astype(np.float64)
NAMES = np.array([f"ex{k:02d}" for k in range(N)])
LABELS = (IDS * 7) % 5
DS = tf.data.Dataset.from_tensor_slices((X64, Y64, LABELS, NAMES)).batch(3).repeat()
IT = iter(DS)
V = tf.Variable(tf.zeros([3, 1], tf.float64))
HIST = []


def train_step():
    x, y, lab, names = next(IT)
    print("batch", names, lab)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, V) - y)) + 0.001 * tf.cast(tf.reduce_sum(lab), tf.float64)
    g = tape.gradient(loss, V)
    V.assign_sub(0.05 * g)
    HIST.append(names)
    return loss


for step in range(36):
    loss = train_step()
    print(step, repr(float(loss)), HIST[-1].numpy().tolist())
print(json.dumps({"v": [repr(float(a)) for a in V.numpy().ravel()], "n": len(HIST)}))
