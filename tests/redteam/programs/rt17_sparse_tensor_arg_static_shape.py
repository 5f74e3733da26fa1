"""Bag-of-features batches arrive as tf.sparse.SparseTensor arguments whose number of
rows and number of stored values change from call to call; the step reads the
batch's static shape (`sp.shape`) and its stored-value count
(`sp.values.shape[0]`) as Python ints, prints them, normalises the loss by the nnz
count and records them.

In eager a SparseTensor built from concrete indices and dense_shape has a fully
known static shape: `sp.shape` is TensorShape([rows, 12]) and
`sp.values.shape[0]` is the nnz, both plain ints.  A graph that takes the sparse
argument as a composite input with a relaxed spec would see `(None, 12)` / `None`
there (or bake the first call's numbers in): the printed shapes, the normalisation
and the recorded ints would differ.
Probes: static shapes of composite (sparse) arguments whose dense_shape and nnz vary."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2525)
rng = np.random.default_rng(2525)

NFEAT = 12
W = tf.Variable(rng.normal(size=(NFEAT, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.1)
TRUE_W = rng.normal(size=(NFEAT, 1)).astype(np.float32)
RECORDS = []


def make_batch(step):
    rows = 6 + (step % 4)
    dense = np.zeros((rows, NFEAT), np.float32)
    for r in range(rows):
        cols = rng.choice(NFEAT, size=int(rng.integers(1, 5)), replace=False)
        dense[r, cols] = rng.normal(size=len(cols))
    idx = np.argwhere(dense != 0).astype(np.int64)
    sp = tf.sparse.SparseTensor(idx, dense[dense != 0], [rows, NFEAT])
    return sp, tf.constant(dense @ TRUE_W)


def train_step(sp, y):
    rows, cols = sp.shape
    nnz = sp.values.shape[0]
    print("  batch", rows, cols, "nnz", nnz)
    with tf.GradientTape() as tape:
        pred = tf.sparse.sparse_dense_matmul(sp, W)
        loss = tf.reduce_sum(tf.square(pred - y)) / nnz
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    RECORDS.append((rows, nnz))
    return loss


for step in range(32):
    sp, y = make_batch(step)
    loss = train_step(sp, y)
    print(step, repr(float(loss)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "records": RECORDS,
    "types": sorted({type(v).__name__ for rec in RECORDS for v in rec}),
    "iterations": int(OPT.iterations.numpy()),
}))
