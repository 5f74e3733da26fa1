"""The loop saves a tf.train.Checkpoint of the iterator every 6 steps (temp dir) and at
steps 21 and 33 restores the previous save, rewinding the same iterator object the step
keeps pulling from; the pipeline (30 rows by 4, repeated) gives partial batches.
Probes: an iterator rewound in place by a checkpoint restore between converted calls."""
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

IT = iter(tf.data.Dataset.from_tensor_slices((XS[:30], YS[:30], IDS[:30])).batch(4).repeat())
TMP = tempfile.mkdtemp()
CK = tf.train.Checkpoint(it=IT)
last = None


def train_step():
    x, y, i = next(IT)
    return sgd(x, y), i


for step in range(42):
    if step % 6 == 0:
        last = CK.save(os.path.join(TMP, "ck"))
    if step in (21, 33):
        CK.restore(last)
        print(step, "rewound")
    loss, i = train_step()
    print(step, ids_of(i), repr(float(loss)))
shutil.rmtree(TMP)
del TMP, CK, last
final()
