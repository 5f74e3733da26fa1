"""The step keeps a Python float temperature that grows by 37.0 each call and takes
math.exp of it to derive a learning-rate damping before pulling the batch from a global
tf.data iterator. Once exp overflows (OverflowError) the step raises before its pull;
the loop prints the next element id and halves the temperature.
Probes: an OverflowError of math.exp on a Python float the step carries, raised before
the first pull."""
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

IT = iter(tf.data.Dataset.from_tensor_slices((XS, YS, IDS)).batch(5).repeat())
STATE = {"temp": 0.0, "calls": 0}


def train_step():
    STATE["calls"] += 1
    STATE["temp"] = STATE["temp"] + 37.0
    damp = 1.0 / (1.0 + math.log1p(math.exp(STATE["temp"]) * 1e-300))
    x, y, i = next(IT)
    loss = sgd(x, y, 0.05 * damp)
    return loss, i, damp


for step in range(50):
    try:
        loss, i, damp = train_step()
        print(step, ids_of(i), repr(float(loss)), repr(damp))
    except OverflowError as e:
        _, _, pk = next(IT)
        print(step, "OverflowError", e, "peek", ids_of(pk), STATE["calls"], repr(STATE["temp"]))
        STATE["temp"] = STATE["temp"] / 2.0
final(state=STATE)
