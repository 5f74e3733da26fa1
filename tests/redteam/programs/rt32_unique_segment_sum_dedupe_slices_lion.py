"""A helper of the program's deduplicates an IndexedSlices gradient (tf.unique on
.indices, tf.math.unsorted_segment_sum of .values with num_segments from the unique
count) and returns a new IndexedSlices with the original dense_shape; Lion (sign-based,
sensitive to exact zeros and last bits) applies it.  Duplicates are heavy for 8 steps,
then ids become mostly distinct and more numerous.  Prints loss, unique count and the
sum of deduplicated values.  Probes: program-built IndexedSlices with a data-dependent
row count handed to apply_gradients in a converted step."""
import random

import numpy

random.seed(33)
numpy.random.seed(33)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3333)
rng = np.random.default_rng(3333)
TABLE = tf.Variable(rng.normal(size=(16, 3)).astype(np.float32) * 0.5)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.Lion(learning_rate=0.01)


def dedupe(g):
    u, pos = tf.unique(g.indices)
    vals = tf.math.unsorted_segment_sum(g.values, pos, tf.shape(u)[0])
    return tf.IndexedSlices(vals, u, g.dense_shape), tf.size(u)


def train_step(ids, y):
    with tf.GradientTape() as tape:
        e = tf.reduce_mean(tf.gather(TABLE, ids), axis=1)
        loss = tf.reduce_mean(tf.square(e @ W - y))
    gt, gw = tape.gradient(loss, [TABLE, W])
    gt, nu = dedupe(gt)
    OPT.apply_gradients([(gt, TABLE), (gw, W)])
    return loss, nu, tf.reduce_sum(gt.values)


for step in range(30):
    if step < 8:
        ids = rng.integers(0, 3, size=(4, 3)).astype(np.int32)
    else:
        ids = rng.integers(0, 16, size=(6, 3)).astype(np.int32)
    y = rng.normal(size=(ids.shape[0], 1)).astype(np.float32)
    loss, nu, s = train_step(tf.constant(ids), tf.constant(y))
    print(step, repr(float(loss)), int(nu), repr(float(s)))

print(json.dumps({
    "table": [repr(float(v)) for v in TABLE.numpy().ravel()],
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
}))
