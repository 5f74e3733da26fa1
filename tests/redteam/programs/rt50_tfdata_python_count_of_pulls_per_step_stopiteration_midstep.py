"""Gradient accumulation over a Python-controlled number of micro-batches: the step is
called with k from a fixed Python list (1 to 3) and pulls k batches from a global iterator with `next()`,
summing the gradients before one apply.  The dataset (55 rows, batches of 4, repeated
twice) runs out in the middle of a call: the step catches StopIteration, applies what it
pulled so far (if anything), records how many it got, and the loop makes a new iterator.
Probes: a varying number of pulls per call decided by a Python argument, the iterator
ending part-way through a call after some pulls succeeded (the pulled batches must be
used once), the Python records, the weights."""
import random

import numpy

random.seed(55)
numpy.random.seed(55)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5506)
rng = np.random.default_rng(5506)
N = 55
XS = rng.normal(size=(N, 5)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + XS[:, 2:3]).astype(np.float32)
IDS = np.arange(N, dtype=np.int32)
DS = tf.data.Dataset.from_tensor_slices((IDS, XS, YS)).batch(4).repeat(2)
ITER = iter(DS)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.03)
RECORD = []
KS = [int(v) for v in rng.integers(1, 4, size=60)]


def train_step(k):
    acc = None
    got = 0
    total = 0.0
    ids_sum = 0
    for _ in range(k):
        try:
            ids, x, y = next(ITER)
        except StopIteration:
            RECORD.append(("short", k, got))
            break
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        grads = tape.gradient(loss, MODEL.trainable_variables)
        acc = grads if acc is None else [a + g for a, g in zip(acc, grads)]
        got += 1
        total += float(loss)
        ids_sum += int(tf.reduce_sum(ids))
    if got:
        OPT.apply_gradients(zip([a / got for a in acc], MODEL.trainable_variables))
    return got, total, ids_sum


restarts = 0
for step in range(50):
    k = KS[step]
    got, total, ids_sum = train_step(k)
    print(step, k, got, repr(total), ids_sum)
    if got < k:
        restarts += 1
        ITER = iter(DS)
        print("  new iterator", restarts)

print(json.dumps({
    "record": RECORD,
    "restarts": restarts,
    "iterations": int(OPT.iterations.numpy()),
    "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
}))
