"""Keras Embedding + Dense; the step takes the embedding's IndexedSlices gradient through
tf.clip_by_norm (which keeps it IndexedSlices) and the dense grads through clip_by_norm too,
then Adam.apply_gradients.  Ids carry duplicates; from step 8 the batch has 12 rows instead
of 8 (count of ids changes).  Prints loss, the clipped values' sum and the number of
indices.  Probes: IndexedSlices through clip_by_norm, changing ids count, .values/.indices
read."""
import random

import numpy

random.seed(1)
numpy.random.seed(1)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(101)
rng = np.random.default_rng(101)
IDS = rng.integers(0, 20, size=(96, 3)).astype(np.int32)
IDS[:, 2] = IDS[:, 0]  # duplicates inside each row
YS = rng.normal(size=(96, 1)).astype(np.float32)
EMB = keras.layers.Embedding(20, 6)
DENSE = keras.layers.Dense(1)
EMB.build((None, 3))
DENSE.build((None, 6))
OPT = keras.optimizers.Adam(learning_rate=0.02)
STATE = {"norms": []}


def train_step(ids, y):
    with tf.GradientTape() as tape:
        e = EMB(ids)
        p = DENSE(tf.reduce_mean(e, axis=1))
        loss = tf.reduce_mean(tf.square(p - y))
    vars_ = EMB.trainable_variables + DENSE.trainable_variables
    grads = tape.gradient(loss, vars_)
    clipped = [tf.clip_by_norm(g, 0.05) for g in grads]
    g0 = clipped[0]
    OPT.apply_gradients(zip(clipped, vars_))
    STATE["norms"].append(float(tf.norm(grads[0].values)))
    return loss, tf.reduce_sum(g0.values), tf.size(g0.indices)


B = 8
for step in range(30):
    if step == 8:
        B = 12
    i = (step * B) % 80
    loss, s, n = train_step(tf.constant(IDS[i:i + B]), tf.constant(YS[i:i + B]))
    print(step, repr(float(loss)), repr(float(s)), int(n))

print(json.dumps({
    "emb": [repr(float(v)) for v in EMB.embeddings.numpy().ravel()[:30]],
    "dense": [repr(float(v)) for v in DENSE.kernel.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "norms": [repr(v) for v in STATE["norms"]],
}))
