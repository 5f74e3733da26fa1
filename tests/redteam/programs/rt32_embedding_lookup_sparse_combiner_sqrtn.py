"""tf.nn.embedding_lookup_sparse with a SparseTensor of ids (ragged bags built per step
with numpy, bag sizes changing; duplicates inside bags) and combiner 'sqrtn' then
'mean' from step 8; the gradient is IndexedSlices; Adamax applies.  Probes: SparseTensor
arguments whose nnz changes, embedding_lookup_sparse gradients with duplicate ids, a
Python string argument switch."""
import random

import numpy

random.seed(15)
numpy.random.seed(15)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1515)
rng = np.random.default_rng(1515)
TABLE = tf.Variable(rng.normal(size=(20, 4)).astype(np.float32) * 0.5)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.Adamax(learning_rate=0.05)
COMB = "sqrtn"


def train_step(sp, y):
    with tf.GradientTape() as tape:
        e = tf.nn.embedding_lookup_sparse(TABLE, sp, None, combiner=COMB)
        loss = tf.reduce_mean(tf.square(e @ W - y))
    gt, gw = tape.gradient(loss, [TABLE, W])
    OPT.apply_gradients([(gt, TABLE), (gw, W)])
    return loss, tf.reduce_sum(gt.values)


for step in range(30):
    if step == 8:
        COMB = "mean"
    idx, vals = [], []
    for r in range(5):
        k = int(rng.integers(1, 4))
        b = rng.integers(0, 20, size=k)
        b = np.concatenate([b, b[:1]])
        for j, v in enumerate(b):
            idx.append([r, j])
            vals.append(int(v))
    sp = tf.SparseTensor(np.array(idx, np.int64), np.array(vals, np.int64), [5, 8])
    y = rng.normal(size=(5, 1)).astype(np.float32)
    loss, gs = train_step(sp, tf.constant(y))
    print(step, repr(float(loss)), repr(float(gs)))

print(json.dumps({
    "table": [repr(float(v)) for v in TABLE.numpy().ravel()],
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
}))
