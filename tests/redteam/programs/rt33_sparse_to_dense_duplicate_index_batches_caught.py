"""Bag-of-features batches arrive as COO triples (rows, cols, vals) in numpy; the step
builds a tf.sparse.SparseTensor from them and calls tf.sparse.to_dense, which raises
InvalidArgumentError on a repeated index.  Every 7th batch carries one duplicated
entry; the step catches the error, counts it, and falls back to summing duplicates with
tf.math.unsorted_segment_sum over flattened positions.  Probes: a run-time failure of a
sparse op inside a try in the step, before the updates."""
import random
import numpy
random.seed(15)
numpy.random.seed(15)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3315)
rng = np.random.default_rng(3315)
W = tf.Variable(rng.normal(size=(10, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.Adam(learning_rate=0.02)
BATCHES = []
for b in range(40):
    rows = np.repeat(np.arange(6), 3).astype(np.int64)
    cols = np.stack([np.sort(rng.choice(10, 3, replace=False)) for _ in range(6)]).ravel().astype(np.int64)
    if b % 7 == 3:
        cols[4] = cols[3]
    vals = rng.normal(size=18).astype(np.float32)
    y = rng.normal(size=(6, 1)).astype(np.float32)
    BATCHES.append((np.stack([rows, cols], 1), vals, y))
CAUGHT = []


def train_step(idx, vals, y):
    st = tf.sparse.SparseTensor(idx, vals, [6, 10])
    try:
        dense = tf.sparse.to_dense(st)
        how = "dense"
    except tf.errors.InvalidArgumentError:
        CAUGHT.append(len(CAUGHT))
        flat = idx[:, 0] * 10 + idx[:, 1]
        dense = tf.reshape(tf.math.unsorted_segment_sum(vals, flat, 60), [6, 10])
        how = "segsum"
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(dense @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    return loss, how


for step, (idx, vals, y) in enumerate(BATCHES):
    loss, how = train_step(tf.constant(idx), tf.constant(vals), tf.constant(y))
    print(step, how, float(loss).hex(), int(OPT.iterations))

print("caught", CAUGHT)
print("W", [float(v).hex() for v in W.numpy().ravel()])
