"""The step reads a table either with tf.gather (IndexedSlices gradient) or with a one-hot
matmul (dense gradient), chosen by a Python flag that flips at step 8 and again at 16.
It then branches in Python on isinstance(g, tf.IndexedSlices): for slices it prints the
number of unique ids (tf.unique on .indices) and scales .values; for dense it counts
non-zero rows.  Nadam applies.  Probes: a gradient's Python type depending on a flag,
isinstance on it, IndexedSlices rebuilt by the program."""
import random

import numpy

random.seed(13)
numpy.random.seed(13)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1313)
rng = np.random.default_rng(1313)
TABLE = tf.Variable(rng.normal(size=(8, 3)).astype(np.float32))
OPT = keras.optimizers.Nadam(learning_rate=0.03)
SPARSE = True
KINDS = []


def train_step(ids, y):
    with tf.GradientTape() as tape:
        if SPARSE:
            e = tf.gather(TABLE, ids)
        else:
            e = tf.one_hot(ids, 8) @ TABLE
        loss = tf.reduce_mean(tf.square(tf.reduce_sum(e, 1) - y))
    g = tape.gradient(loss, TABLE)
    if isinstance(g, tf.IndexedSlices):
        KINDS.append("s")
        u, _ = tf.unique(g.indices)
        info = tf.size(u)
        g = tf.IndexedSlices(g.values * 0.5, g.indices, g.dense_shape)
    else:
        KINDS.append("d")
        info = tf.math.count_nonzero(tf.reduce_any(g != 0, axis=1), dtype=tf.int32)
        g = g * 0.5
    OPT.apply_gradients([(g, TABLE)])
    return loss, info


for step in range(30):
    if step == 8:
        SPARSE = False
    if step == 16:
        SPARSE = True
    ids = rng.integers(0, 8, size=6).astype(np.int32)
    ids[3] = ids[0]
    y = rng.normal(size=(6,)).astype(np.float32)
    loss, info = train_step(tf.constant(ids), tf.constant(y))
    print(step, repr(float(loss)), int(info))

print(json.dumps({
    "table": [repr(float(v)) for v in TABLE.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "kinds": "".join(KINDS),
}))
