"""A table variable read with tf.gather on duplicate ids plus a dense projection; the step
hands [IndexedSlices, dense] to tf.clip_by_global_norm and prints the global norm it
returns, then SGD(momentum) applies.  From step 8 the number of ids per batch drops from
10 to 6 and every id repeats 3 times.  Probes: clip_by_global_norm over a mix of
IndexedSlices and dense grads, momentum's sparse path with duplicates."""
import random

import numpy

random.seed(2)
numpy.random.seed(2)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(202)
rng = np.random.default_rng(202)
TABLE = tf.Variable(rng.normal(size=(15, 4)).astype(np.float32) * 0.5)
PROJ = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.1, momentum=0.9)
LOG = []


def train_step(ids, y):
    with tf.GradientTape() as tape:
        rows = tf.gather(TABLE, ids)
        p = rows @ PROJ
        loss = tf.reduce_mean(tf.square(p - y))
    gt, gp = tape.gradient(loss, [TABLE, PROJ])
    (ct, cp), gn = tf.clip_by_global_norm([gt, gp], 0.3)
    OPT.apply_gradients([(ct, TABLE), (cp, PROJ)])
    LOG.append(type(ct).__name__)
    return loss, gn


for step in range(30):
    if step < 8:
        ids = rng.integers(0, 15, size=10).astype(np.int32)
    else:
        ids = np.repeat(rng.integers(0, 15, size=2), 3).astype(np.int32)
    y = rng.normal(size=(len(ids), 1)).astype(np.float32)
    loss, gn = train_step(tf.constant(ids), tf.constant(y))
    print(step, repr(float(loss)), repr(float(gn)))

print(json.dumps({
    "table": [repr(float(v)) for v in TABLE.numpy().ravel()],
    "proj": [repr(float(v)) for v in PROJ.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "log": LOG,
}))
