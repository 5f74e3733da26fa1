"""A cached base dataset (.cache()) is re-batched every epoch with a different batch size
(3 + epoch % 4) after a seeded shuffle and .repeat(2); the step pulls with next(it, None)
and reports the end of data; each epoch gets a new iterator held in a list.
Probes: batch sizes that change every epoch over cache().repeat(), shapes varying
between iterators, next() with a None default."""
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

BASE = tf.data.Dataset.from_tensor_slices((XS[:14], YS[:14], IDS[:14])).cache()
HOLD = [None]
SIZES = []


def train_step():
    b = next(HOLD[0], None)
    if b is None:
        return None
    x, y, i = b
    SIZES.append(len(ids_of(i)))
    return sgd(x, y), i


step = 0
epoch = 0
while step < 60:
    HOLD[0] = iter(BASE.shuffle(14, seed=epoch).repeat(2).batch(3 + epoch % 4))
    while True:
        r = train_step()
        step += 1
        if r is None:
            print(step, "epoch end", epoch)
            break
        print(step, epoch, ids_of(r[1]), repr(float(r[0])))
    epoch += 1
final(sizes=SIZES, epochs=epoch)
