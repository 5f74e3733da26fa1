"""An Embedding model trained with AdamW(weight_decay, clipvalue=0.01); the Embedding's
grads are IndexedSlices (clipped by Keras' clipvalue, decayed as a whole variable).  Ids
are int32 for 8 steps then int64 (indices dtype of the slices changes); duplicates in
each row.  Prints loss and the sum of the gradient's .values read by the program.
Probes: optimizer-level clipping of IndexedSlices, ids dtype switching."""
import random

import numpy

random.seed(19)
numpy.random.seed(19)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1919)
rng = np.random.default_rng(1919)
IDS = rng.integers(0, 30, size=(200, 4))
IDS[:, 3] = IDS[:, 1]
YS = rng.normal(size=(200, 1)).astype(np.float32)
EMB = keras.layers.Embedding(30, 4)
HEAD = keras.layers.Dense(1)
EMB.build((None, 4))
HEAD.build((None, 16))
OPT = keras.optimizers.AdamW(learning_rate=0.05, weight_decay=0.01, clipvalue=0.01)
DT = np.int32


def train_step(ids, y):
    with tf.GradientTape() as tape:
        p = HEAD(tf.reshape(EMB(ids), (-1, 16)))
        loss = tf.reduce_mean(tf.square(p - y))
    vs = EMB.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, vs)
    vsum = tf.reduce_sum(grads[0].values)
    OPT.apply_gradients(zip(grads, vs))
    return loss, vsum, grads[0].indices.dtype.name


for step in range(30):
    if step == 8:
        DT = np.int64
    i = (step * 6) % 190
    loss, vsum, dt = train_step(tf.constant(IDS[i:i + 6].astype(DT)), tf.constant(YS[i:i + 6]))
    print(step, repr(float(loss)), repr(float(vsum)), dt)

print(json.dumps({
    "emb": [repr(float(v)) for v in EMB.embeddings.numpy().ravel()[:40]],
    "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
}))
