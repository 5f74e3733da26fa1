"""Sparse gradient accumulation into a tf.Variable: each step adds the embedding's
IndexedSlices gradient into an accumulator variable with acc.scatter_add(g) (duplicate ids
add up), and every 3rd step (every 5th from step 8) applies acc / k with Adam as a dense
gradient and zeroes acc with assign.  Also prints the accumulator's sum each step.
Probes: Variable.scatter_add of IndexedSlices with duplicates, mixed sparse/dense apply
cadence."""
import random

import numpy

random.seed(14)
numpy.random.seed(14)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1414)
rng = np.random.default_rng(1414)
IDS = rng.integers(0, 16, size=(240, 4)).astype(np.int32)
YS = rng.normal(size=(240, 1)).astype(np.float32)
EMB = keras.layers.Embedding(16, 3)
EMB.build((None, 4))
HEAD = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
ACC = tf.Variable(tf.zeros((16, 3)))
HACC = tf.Variable(tf.zeros((3, 1)))
OPT = keras.optimizers.Adam(learning_rate=0.05)
K = 3
N = [0]


def train_step(ids, y):
    with tf.GradientTape() as tape:
        h = tf.reduce_sum(EMB(ids), axis=1)
        loss = tf.reduce_mean(tf.square(h @ HEAD - y))
    ge, gh = tape.gradient(loss, [EMB.embeddings, HEAD])
    ACC.scatter_add(ge)
    HACC.assign_add(gh)
    N[0] += 1
    if N[0] % K == 0:
        OPT.apply_gradients([(ACC / K, EMB.embeddings), (HACC / K, HEAD)])
        ACC.assign(tf.zeros_like(ACC))
        HACC.assign(tf.zeros_like(HACC))
    return loss


for step in range(30):
    if step == 8:
        K = 5
    i = (step * 7) % 230
    loss = train_step(tf.constant(IDS[i:i + 6]), tf.constant(YS[i:i + 6]))
    print(step, repr(float(loss)), repr(float(tf.reduce_sum(ACC))))

print(json.dumps({
    "emb": [repr(float(v)) for v in EMB.embeddings.numpy().ravel()],
    "head": [repr(float(v)) for v in HEAD.numpy().ravel()],
    "acc": [repr(float(v)) for v in ACC.numpy().ravel()[:12]],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "n": N[0],
}))
