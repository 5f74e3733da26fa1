"""The step runs tf.debugging.check_numerics on an auxiliary variable (a running scale)
before pulling its batch; the loop puts an inf into it at step 18 and fixes it at step
21, so those calls raise InvalidArgumentError before the pull. The loop peeks.
Probes: a TF check that fails before the first pull in the step."""
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

AUX = tf.Variable([1.0, 0.5])
IT = iter(tf.data.Dataset.from_tensor_slices((XS, YS, IDS)).batch(4).repeat())


def train_step():
    s = tf.debugging.check_numerics(AUX, "aux")
    x, y, i = next(IT)
    return sgd(x * s[0], y, 0.05 * float(s[1])), i


for step in range(40):
    if step == 18:
        AUX.assign([float("inf"), 0.5])
    if step == 21:
        AUX.assign([1.0, 0.5])
    try:
        loss, i = train_step()
        print(step, ids_of(i), repr(float(loss)))
    except tf.errors.InvalidArgumentError as e:
        _, _, pk = next(IT)
        print(step, "InvalidArgumentError", type(e).__name__, "peek", ids_of(pk))
final()
