"""The step gathers rows from a tensor made by concatenating a table variable with the
batch's own feature rows (so its first dimension follows the batch size, which changes
every few steps from step 8), takes the IndexedSlices gradient with respect to that
tensor and densifies it with tf.convert_to_tensor.  Graph-mode TF warns "Converting sparse
IndexedSlices to a dense Tensor of unknown shape" (warnings.warn) when the shape is not
static; eager never does.  The program records every warning through warnings.showwarning
with the 'always' filter and prints the count per step.  Probes: Python warnings raised by
TF code only when not executing eagerly."""
import random

import numpy

random.seed(17)
numpy.random.seed(17)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1717)
rng = np.random.default_rng(1717)
TABLE = tf.Variable(rng.normal(size=(6, 3)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SEEN = []
warnings.simplefilter("always")
_orig = warnings.showwarning


def show(message, category, filename, lineno, file=None, line=None):
    SEEN.append(str(message)[:50])


warnings.showwarning = show


def train_step(x, ids, y):
    with tf.GradientTape() as tape:
        params = tf.concat([TABLE, x], 0)
        tape.watch(params)
        e = tf.gather(params, ids)
        loss = tf.reduce_mean(tf.square(tf.reduce_sum(e, 1) - y))
    gp, gt = tape.gradient(loss, [params, TABLE])
    dense = tf.convert_to_tensor(gp)
    OPT.apply_gradients([(gt, TABLE)])
    return loss, tf.reduce_sum(dense[:6])


B = 4
for step in range(30):
    if step >= 8 and step % 3 == 0:
        B = 3 + (step % 4)
    x = rng.normal(size=(B, 3)).astype(np.float32)
    ids = rng.integers(0, 6 + B, size=5).astype(np.int32)
    y = rng.normal(size=(5,)).astype(np.float32)
    loss, s = train_step(tf.constant(x), tf.constant(ids), tf.constant(y))
    print(step, repr(float(loss)), repr(float(s)), len(SEEN))

print(json.dumps({
    "table": [repr(float(v)) for v in TABLE.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "seen": SEEN,
}))
