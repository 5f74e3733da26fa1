"""Co-execution: the step computes zlib.crc32 of a bytes key (stays in the interpreter);
its table is read with tf.nn.embedding_lookup with many duplicate ids (the number of
distinct ids and of ids changes after step 8) and SGD(momentum=0.8, nesterov=True)
applies the IndexedSlices gradient through an apply_gradients site.  The program also
keeps the last 3 gradients' .indices as Python lists (numpy) and prints their length.
Probes: sparse momentum in a site with duplicate indices, IndexedSlices read by Python."""
import random

import numpy

random.seed(21)
numpy.random.seed(21)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2121)
rng = np.random.default_rng(2121)
TABLE = tf.Variable(rng.normal(size=(12, 3)).astype(np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.8, nesterov=True)
HIST = []


def train_step(ids, y, key):
    c = zlib.crc32(key)
    with tf.GradientTape() as tape:
        e = tf.nn.embedding_lookup(TABLE, ids)
        loss = tf.reduce_mean(tf.square(tf.reduce_sum(e, 1) - y)) * (1.0 + (c % 3) * 0.1)
    g = tape.gradient(loss, TABLE)
    OPT.apply_gradients([(g, TABLE)])
    HIST.append(g.indices.numpy().tolist())
    del HIST[:-3]
    return loss


for step in range(30):
    n = 6 if step < 8 else 9
    ids = rng.integers(0, 4 if step < 8 else 7, size=n).astype(np.int32)
    y = rng.normal(size=(n,)).astype(np.float32)
    loss = train_step(tf.constant(ids), tf.constant(y), b"k%d" % step)
    print(step, repr(float(loss)), [len(h) for h in HIST])

print(json.dumps({
    "table": [repr(float(v)) for v in TABLE.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "hist": HIST,
}))
