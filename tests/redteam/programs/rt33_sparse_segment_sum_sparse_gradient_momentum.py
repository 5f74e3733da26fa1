"""Bag-of-words pooling with tf.sparse.segment_sum(table, ids, segment_ids,
sparse_gradient=True), whose gradient w.r.t. the table is an IndexedSlices.  The step
inspects the IndexedSlices in Python (`isinstance`, number of rows from
`tf.shape(g.indices)`, `g.dense_shape`), scales it, and hands it to SGD with momentum,
which applies sparse updates; at step 15 momentum is switched to nesterov.  Probes:
sparse gradients from an op other than gather/Embedding, inspected and transformed in
the step."""
import random
import numpy
random.seed(23)
numpy.random.seed(23)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3323)
rng = np.random.default_rng(3323)
TABLE = tf.Variable(rng.normal(size=(25, 3)).astype(np.float32) * 0.3)
HEAD = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.8)
DATA = []
for b in range(36):
    ids = rng.integers(0, 25, size=12).astype(np.int32)
    seg = np.sort(rng.integers(0, 4, size=12)).astype(np.int32)
    seg[0], seg[-1] = 0, 3
    DATA.append((ids, seg, rng.normal(size=(4, 1)).astype(np.float32)))
KINDS = []


def train_step(ids, seg, y):
    with tf.GradientTape() as tape:
        pooled = tf.sparse.segment_sum(TABLE, ids, seg, sparse_gradient=True)
        loss = tf.reduce_mean(tf.square(pooled @ HEAD - y))
    g_table, g_head = tape.gradient(loss, [TABLE, HEAD])
    KINDS.append(isinstance(g_table, tf.IndexedSlices))
    nrows = tf.shape(g_table.indices)[0]
    g_table = tf.IndexedSlices(g_table.values * 0.5, g_table.indices, g_table.dense_shape)
    OPT.apply_gradients([(g_table, TABLE), (g_head, HEAD)])
    return loss, nrows, g_table.dense_shape


for step, (ids, seg, y) in enumerate(DATA):
    if step == 15:
        OPT.nesterov = True
    loss, nrows, ds = train_step(tf.constant(ids), tf.constant(seg), tf.constant(y))
    print(step, float(loss).hex(), int(nrows), ds.numpy().tolist(), float(tf.reduce_sum(TABLE)).hex())

print("kinds", KINDS.count(True), len(KINDS))
print("HEAD", [float(v).hex() for v in HEAD.numpy().ravel()])
