"""The step takes its batch with it.get_next_as_optional() and, when the optional is
empty (end of a take(6) pipeline), returns None so the loop makes a new iterator; the
iterator is an attribute of a trainer.
Probes: get_next_as_optional() inside the step at the end of the data, with the
emptiness decided on a tensor."""
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

DS = tf.data.Dataset.from_tensor_slices((XS, YS, IDS)).shuffle(40, seed=2).batch(4).take(6)


class Trainer:
    def __init__(self):
        self.it = iter(DS)
        self.empties = 0

    def step(self):
        opt = self.it.get_next_as_optional()
        if not opt.has_value():
            self.empties += 1
            return None
        x, y, i = opt.get_value()
        return sgd(x, y), i


T = Trainer()
for step in range(42):
    r = T.step()
    if r is None:
        print(step, "empty", T.empties)
        T.it = iter(DS)
    else:
        print(step, ids_of(r[1]), repr(float(r[0])))
final(empties=T.empties)
