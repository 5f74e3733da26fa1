"""Sparse accumulation across steps: the step keeps the last IndexedSlices gradient of a
gathered table in a dict; each step concatenates the new values/indices onto the kept
ones (tf.concat) and builds a new tf.IndexedSlices with the table's dense_shape; every
3rd step the accumulated IndexedSlices goes to Adagrad.apply_gradients and the dict is
cleared.  It also prints the dense_shape read from the slices and the number of
accumulated rows, which grows.  From step 8 the batch size changes 6 -> 4.  Probes:
IndexedSlices stored in Python state across calls, constructed by the program,
dense_shape read."""
import random

import numpy

random.seed(4)
numpy.random.seed(4)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(404)
rng = np.random.default_rng(404)
TABLE = tf.Variable(rng.normal(size=(10, 3)).astype(np.float32))
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
OPT = keras.optimizers.Adagrad(learning_rate=0.1)
KEEP = {}


def train_step(ids, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.nn.embedding_lookup(TABLE, ids) @ W - y))
    gt, gw = tape.gradient(loss, [TABLE, W])
    if "t" in KEEP:
        old = KEEP["t"]
        gt = tf.IndexedSlices(tf.concat([old.values, gt.values], 0),
                              tf.concat([old.indices, gt.indices], 0), gt.dense_shape)
    KEEP["t"] = gt
    shape = [int(d) for d in gt.dense_shape]
    rows = int(tf.shape(gt.indices)[0])
    if step % 3 == 2:
        OPT.apply_gradients([(KEEP.pop("t"), TABLE), (gw, W)])
    return loss, shape, rows


B = 6
for step in range(30):
    if step == 8:
        B = 4
    ids = rng.integers(0, 10, size=B).astype(np.int32)
    y = rng.normal(size=(B, 1)).astype(np.float32)
    loss, shape, rows = train_step(tf.constant(ids), tf.constant(y), step)
    print(step, repr(float(loss)), shape, rows, sorted(KEEP))

print(json.dumps({
    "table": [repr(float(v)) for v in TABLE.numpy().ravel()],
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "keep": sorted(KEEP),
}))
