"""Recommendation-style fine-tune: an Embedding table gives IndexedSlices gradients.
The co-executed step (zlib.crc32 of the id batch, used to hash ids into buckets in
numpy) applies them with Adam through opt.apply(grads, vars) (a list and a tuple),
and logs a Sum metric of how many unique ids the batch had.  At step 11 the batch
ids repeat one id many times (duplicate rows in the IndexedSlices).  Probes:
IndexedSlices at optimizer sites, duplicate indices, opt.apply's list form."""
import random

import numpy

random.seed(43)
numpy.random.seed(43)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4301)
rng = np.random.default_rng(4301)
IDS = rng.integers(0, 40, size=(64, 3)).astype(np.int64)
YS = (IDS.sum(axis=1, keepdims=True) % 2).astype(np.float32)

emb = keras.layers.Embedding(20, 4)
dense = keras.layers.Dense(1)
bce = keras.losses.BinaryCrossentropy(from_logits=True)
opt = keras.optimizers.Adam(0.05)
uniq = keras.metrics.Sum(name="unique_ids")
emb.build((None, 3))
dense.build((None, 4))
VARS = emb.trainable_variables + dense.trainable_variables


def train_step(ids, y, dup):
    salt = zlib.crc32(ids.tobytes()) % 5
    bucket = (ids + salt) % 20
    if dup:
        bucket[:, 0] = 7
    with tf.GradientTape() as tape:
        e = emb(bucket)
        logits = dense(tf.reduce_mean(e, axis=1))
        loss = bce(y, logits)
    grads = tape.gradient(loss, VARS)
    kinds = [type(g).__name__ for g in grads]
    opt.apply(grads, tuple(VARS))
    uniq(float(len(np.unique(bucket))))
    return loss, kinds


for step in range(30):
    i = (step * 8) % 56
    loss, kinds = train_step(IDS[i:i + 8].copy(), YS[i:i + 8], 11 <= step < 19)
    print(step, repr(float(loss)), kinds[0], repr(float(uniq.result())),
          repr(float(emb.embeddings[7, 0])))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in VARS],
    "opt": [v.numpy().tolist() for v in opt.variables],
}))
