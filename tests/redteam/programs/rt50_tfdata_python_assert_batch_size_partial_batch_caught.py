"""The training step pulls `x, y = next(ITER)` and then checks the batch with a plain
Python `assert x.shape[0] == BATCH, f"short batch of {x.shape[0]}"`.  The dataset (50
rows, batch 8, drop_remainder=False) ends each epoch with a 2-row batch, which fails
the assert after the pull; the loop catches AssertionError, prints its message, counts
it, and starts a new epoch with a new iterator (reshuffled with a seed).  The step also
appends each batch's first label to a Python list before the assert.  Probes: a Python
assert on the static shape of a pulled batch in a hot step (shapes the cache may relax),
the batch consumed once, the assertion text, the list written before the failure, the
weights."""
import random

import numpy

random.seed(59)
numpy.random.seed(59)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5910)
rng = np.random.default_rng(5910)
N = 50
BATCH = 8
XS = rng.normal(size=(N, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 2.0 - XS[:, 3:4]).astype(np.float32)
DS = (tf.data.Dataset.from_tensor_slices((XS, YS))
      .shuffle(N, seed=3)
      .batch(BATCH, drop_remainder=False))
ITER = iter(DS)

W = tf.Variable(tf.zeros((4, 1)))
OPT = keras.optimizers.SGD(learning_rate=0.05)
FIRST = []


def train_step():
    x, y = next(ITER)
    FIRST.append(round(float(y[0, 0]), 5))
    assert x.shape[0] == BATCH, f"short batch of {x.shape[0]}"
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss


short = 0
for step in range(44):
    try:
        loss = train_step()
    except AssertionError as e:
        short += 1
        print(step, "assert:", e, "len(FIRST) =", len(FIRST))
        ITER = iter(DS)
        continue
    print(step, repr(float(loss)), FIRST[-1])

print(json.dumps({
    "short": short,
    "first": FIRST,
    "iterations": int(OPT.iterations.numpy()),
    "w": [repr(float(v)) for v in W.numpy().ravel()],
}))
