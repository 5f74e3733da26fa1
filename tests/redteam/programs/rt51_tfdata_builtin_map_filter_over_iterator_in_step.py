"""Preprocessing with builtins over a tf.data iterator inside the step: the step builds
`prepped = map(normalize, IT)` (normalize is the program's function) and
`kept = filter(lambda e: bool(e[2] > 0.0), prepped)` (keeps elements whose weight is
positive: a predicate on the data), then trains on `for i, (ids, x, w) in zip(range(K),
kept)`.  zip asks range first, so no element is pulled past the K-th kept one; elements
with a non-positive weight are pulled and dropped by filter.  K changes 2 -> 3 at step
15.  Probes: builtin map() and filter() made in the step over a tf.data iterator (lazy
pulls through the program's functions, a data-dependent filter): which ids are used."""
import random

import numpy

random.seed(5123)
numpy.random.seed(5123)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5123)
rng = np.random.default_rng(5123)

N = 90
XS = rng.normal(size=(N, 3)).astype(np.float32) * 2.0
WS = rng.normal(size=(N,)).astype(np.float32) + 0.6
DS = tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int64), XS, WS)).repeat()
IT = iter(DS)

V = tf.Variable(tf.zeros((3,)), name="v")
OPT = keras.optimizers.SGD(learning_rate=0.05)
K = 2
NORMALIZED = [0]


def normalize(e):
    ids, x, w = e
    NORMALIZED[0] += 1
    return ids, x / (tf.norm(x) + 1.0), w


def train_step():
    prepped = map(normalize, IT)
    kept = filter(lambda e: bool(e[2] > 0.0), prepped)
    used = []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        for i, (ids, x, w) in zip(range(K), kept):
            used.append(int(ids))
            loss = loss + w * tf.square(tf.reduce_sum(x * V) - 0.5)
    grads = tape.gradient(loss, [V])
    OPT.apply_gradients(zip(grads, [V]))
    return loss, used


for step in range(34):
    if step == 15:
        K = 3
    loss, used = train_step()
    print(step, used, NORMALIZED[0], repr(float(loss)))

print(json.dumps({"v": [repr(float(t)) for t in V.numpy()], "normalized": NORMALIZED[0],
                  "next": int(next(IT)[0])}))
