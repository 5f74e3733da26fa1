"""Bag-of-words text classifier fed tf.SparseTensor batches: the co-executed step
hashes the token ids with zlib.crc32 (dropping hashed-out tokens) and builds a
SparseTensor of counts in numpy, then calls a Sequential with Input(sparse=True)
and a Dense on it under the tape, a BCE loss, Adagrad and a Precision metric.  The
number of non-zeros changes every batch; at step 14 the vocabulary bucket count
is unchanged but the step starts passing duplicate (unsorted) indices reordered.
Probes: a composite (sparse) argument to a model site under the program's tape."""
import random

import numpy

random.seed(65)
numpy.random.seed(65)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6501)
rng = np.random.default_rng(6501)
VOCAB = 24
DOCS = [rng.integers(0, VOCAB, size=rng.integers(2, 7)).tolist() for _ in range(64)]
YS = np.array([[float(sum(d) % 2)] for d in DOCS], dtype=np.float32)

model = keras.Sequential([keras.Input((VOCAB,), sparse=True),
                          keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
bce = keras.losses.BinaryCrossentropy(from_logits=True)
prec = keras.metrics.Precision(thresholds=0.0)
opt = keras.optimizers.Adagrad(0.1)
kept = []


def to_sparse(docs, reorder):
    idx, vals = [], []
    for r, d in enumerate(docs):
        counts = {}
        for t in d:
            if zlib.crc32(bytes([t])) % 11 == 0:
                continue
            counts[t] = counts.get(t, 0) + 1
        for t in sorted(counts):
            idx.append([r, t])
            vals.append(float(counts[t]))
    kept.append(len(vals))
    idx = np.array(idx, dtype=np.int64)
    vals = np.array(vals, dtype=np.float32)
    st = tf.SparseTensor(idx, vals, (len(docs), VOCAB))
    if reorder:
        st = tf.sparse.reorder(tf.SparseTensor(idx[::-1].copy(), vals[::-1].copy(), (len(docs), VOCAB)))
    return st


def train_step(docs, y, reorder):
    x = to_sparse(docs, reorder)
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = bce(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    prec(y, logits)
    return loss


for step in range(30):
    i = (step * 8) % 56
    loss = train_step(DOCS[i:i + 8], YS[i:i + 8], step >= 14)
    print(step, repr(float(loss)), kept[-1], repr(float(prec.result())))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
}))
