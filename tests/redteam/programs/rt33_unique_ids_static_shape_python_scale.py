"""Embedding-like training on a gathered variable: the step de-duplicates the batch's
ids with tf.unique and reads the *static* shape of the result in Python
(`uniq.shape[0]`, `grad.indices.shape`, `tf.boolean_mask(...).shape`).  In eager these
are concrete ints that change with the data; in a TF graph they are None (data-dependent
sizes).  The count is used as a Python number in the loss scale and printed, and the
shapes are printed.  Probes: static shapes that only eager knows, of tensors the graph
computes (not of inputs)."""
import random
import numpy
random.seed(2)
numpy.random.seed(2)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(332)
rng = np.random.default_rng(332)
TABLE = tf.Variable(rng.normal(size=(20, 4)).astype(np.float32) * 0.5)
HEAD = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
IDS = rng.integers(0, 20, size=(40, 8)).astype(np.int32)
YS = rng.normal(size=(40, 8, 1)).astype(np.float32)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SEEN = []


def train_step(ids, y):
    uniq, _ = tf.unique(ids)
    n_uniq = uniq.shape[0]
    pos = tf.boolean_mask(ids, ids > 9)
    n_pos = pos.shape[0]
    with tf.GradientTape() as tape:
        e = tf.gather(TABLE, ids)
        p = tf.matmul(e, HEAD)
        loss = tf.reduce_mean(tf.square(p - y))
        if n_uniq is not None:
            loss = loss * (8.0 / n_uniq)
    g_table, g_head = tape.gradient(loss, [TABLE, HEAD])
    SEEN.append((n_uniq, n_pos, tuple(g_table.indices.shape), g_table.values.shape.as_list()))
    OPT.apply_gradients([(g_table, TABLE), (g_head, HEAD)])
    return loss, n_uniq, n_pos


for step in range(40):
    loss, n_uniq, n_pos = train_step(tf.constant(IDS[step]), tf.constant(YS[step]))
    print(step, float(loss).hex(), n_uniq, n_pos)

print("seen", SEEN[-5:])
print("TABLE", float(tf.reduce_sum(TABLE)).hex(), "HEAD", [float(v).hex() for v in HEAD.numpy().ravel()])
