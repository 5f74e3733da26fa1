"""Sequence-of-groups training: a tf.data iterator yields single examples tagged with an
id and a bool `last` that closes a group; the step runs `for e in it:` collecting
examples and `break`s when `e["last"]` is true (a decision on a tensor), then trains on
the stacked group.  Group lengths are 2 for the first ten groups (what the profile sees)
and then vary 1..4.  Probes: the number of pulls a call makes decided by the data inside
a Python for loop over a tf.data iterator (a break on a tensor): which ids each call
trains on, nothing skipped or repeated when the length changes."""
import random

import numpy

random.seed(5103)
numpy.random.seed(5103)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5103)
rng = np.random.default_rng(5103)

LENGTHS = [2] * 10 + [3, 1, 2, 4, 2, 2, 1, 1, 3, 2, 4, 1, 2, 2, 3, 1, 2, 4, 2, 1, 3, 2, 2, 1, 2, 3]
N = sum(LENGTHS)
LAST = np.zeros(N, dtype=bool)
pos = 0
for n in LENGTHS:
    pos += n
    LAST[pos - 1] = True
IDS = np.arange(N, dtype=np.int64)
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (XS.sum(axis=1) * 0.5).astype(np.float32)

DS = tf.data.Dataset.from_tensor_slices({"id": IDS, "x": XS, "y": YS, "last": LAST})
IT = iter(DS)

W = tf.Variable(tf.ones((3,)) * 0.1, name="w")
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(it):
    xs, ys, ids = [], [], []
    for e in it:
        xs.append(e["x"])
        ys.append(e["y"])
        ids.append(e["id"])
        if e["last"]:
            break
    x = tf.stack(xs)
    y = tf.stack(ys)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.linalg.matvec(x, W) - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, tf.stack(ids), len(xs)


groups = []
for step in range(len(LENGTHS)):
    loss, ids, n = train_step(IT)
    groups.append(ids.numpy().tolist())
    print(step, n, ids.numpy().tolist(), repr(float(loss)))

rest = next(IT, None)
print("after", None if rest is None else int(rest["id"]))
print(json.dumps({
    "groups": groups,
    "w": [repr(float(v)) for v in W.numpy()],
    "iterations": int(OPT.iterations.numpy()),
}))
