"""A raw-TF bag-of-embeddings regressor: an embedding table `EMB` (tf.Variable) read
with `tf.nn.embedding_lookup` (a ResourceGather on the variable's handle, not a
ReadVariableOp), trained by a Keras SGD optimizer whose update of `EMB` is a sparse
`scatter_sub` of IndexedSlices.  In the same step, after `apply_gradients`, the step
gathers the same rows again (drift), reads one probe row with `EMB.sparse_read`,
decays it in place with `EMB.scatter_sub`, and gathers it once more with `tf.gather`;
each of those reads must see the writes before it.  Mid-run: the probe row `PROBE`
(a global int) changes at steps 9 and 21, the decay factor `DECAY` at step 15, and at
step 27 the loop itself overwrites a row with `EMB.scatter_update`.
Probes: the order of reads and writes of one variable in one call when they are
gathers and scatters (resource ops other than ReadVariableOp/AssignVariableOp)."""
import random

import numpy

random.seed(5722)
numpy.random.seed(5722)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5722)
rng = np.random.default_rng(5722)
IDS = rng.integers(0, 20, size=(200, 3)).astype(np.int32)
TRUE = rng.normal(size=(20,)).astype(np.float32)
YS = TRUE[IDS].sum(axis=1, keepdims=True).astype(np.float32)

EMB = tf.Variable(rng.normal(size=(20, 4)).astype(np.float32) * 0.1, name="emb")
W = tf.Variable(np.ones((4, 1), np.float32) * 0.5, name="w")
OPT = keras.optimizers.SGD(learning_rate=0.2)
PROBE = 3
DECAY = 0.1


def train_step(ids, y):
    with tf.GradientTape() as tape:
        e = tf.nn.embedding_lookup(EMB, ids)
        pred = tf.matmul(tf.reduce_sum(e, axis=1), W)
        loss = tf.reduce_mean(tf.square(pred - y))
    g_emb, g_w = tape.gradient(loss, [EMB, W])
    OPT.apply_gradients([(g_emb, EMB), (g_w, W)])
    after = tf.nn.embedding_lookup(EMB, ids)
    drift = tf.reduce_sum(tf.abs(after - e))
    row = EMB.sparse_read([PROBE])
    EMB.scatter_sub(tf.IndexedSlices(DECAY * row, tf.constant([PROBE])))
    row2 = tf.gather(EMB, [PROBE])
    return loss, drift, row[0, 0], row2[0, 0], isinstance(g_emb, tf.IndexedSlices)


for step in range(34):
    if step == 9:
        PROBE = 11
    if step == 15:
        DECAY = 0.5
    if step == 21:
        PROBE = 0
    if step == 27:
        EMB.scatter_update(tf.IndexedSlices(tf.ones((1, 4)), tf.constant([PROBE])))
    i = (step * 6) % 194
    loss, drift, r0, r1, sparse = train_step(tf.constant(IDS[i:i + 6]), tf.constant(YS[i:i + 6]))
    print(step, repr(float(loss)), repr(float(drift)), repr(float(r0)), repr(float(r1)), sparse)

print(json.dumps({"emb": [repr(float(v)) for v in EMB.numpy()[:6].ravel()],
                  "w": [repr(float(v)) for v in W.numpy().ravel()]}))
