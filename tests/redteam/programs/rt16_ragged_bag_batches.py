"""Bag-of-words classifier fed tf.RaggedTensor batches: every call gets a ragged batch of
token ids whose number of rows, row lengths and total values all change (some rows are
empty).  The step embeds with tf.gather on the ragged ids, mean-pools over the ragged
axis (an empty row pools to 0), and prints int(ids.nrows()), the bounding shape and the
max row length as Python ints; the loop keeps the row lengths of the longest batch seen.
A graph specialised on one batch's row partition (or that relaxed the values but not the
row splits) would pool wrongly or print stale structure.  Probes: composite (ragged)
tensor arguments whose partition changes every call."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1627)
rng = np.random.default_rng(1627)

VOCAB, DIM = 30, 6
EMB = tf.Variable(rng.normal(size=(VOCAB, DIM)).astype(np.float32) * 0.3)
W = tf.Variable(rng.normal(size=(DIM, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.Adam(learning_rate=0.03)
LONGEST = {"len": -1, "rows": []}


def make_batch(step):
    n = 3 + (step * 3) % 5
    rows = []
    for r in range(n):
        L = int(rng.integers(0, 7)) if (step + r) % 6 else 0
        rows.append(rng.integers(0, VOCAB, size=L).tolist())
    labels = np.array([1.0 if sum(row) % 2 else 0.0 for row in rows], np.float32)[:, None]
    return tf.ragged.constant(rows, dtype=tf.int32, ragged_rank=1), tf.constant(labels)


def train_step(ids, y):
    with tf.GradientTape() as tape:
        vecs = tf.gather(EMB, ids)
        pooled = tf.reduce_mean(vecs, axis=1)
        pooled = tf.where(tf.math.is_nan(pooled), tf.zeros_like(pooled), pooled)
        logits = pooled @ W
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, [EMB, W])
    OPT.apply_gradients(zip(grads, [EMB, W]))
    nrows = int(ids.nrows())
    bound = [int(v) for v in ids.bounding_shape()]
    maxlen = int(tf.reduce_max(ids.row_lengths()))
    print(f"rows {nrows} bound {bound} maxlen {maxlen} values {int(tf.size(ids.flat_values))}")
    return loss, maxlen


for step in range(30):
    ids, y = make_batch(step)
    loss, maxlen = train_step(ids, y)
    if maxlen > LONGEST["len"]:
        LONGEST["len"] = maxlen
        LONGEST["rows"] = [int(v) for v in ids.row_lengths()]
    print(step, repr(float(loss)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "emb_row0": [repr(float(v)) for v in EMB.numpy()[0]],
    "longest": LONGEST,
    "iterations": int(OPT.iterations.numpy()),
}))
