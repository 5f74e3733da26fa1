"""The step computes tape.jacobian(experimental_use_pfor=False) of a gathered-and-pooled
embedding output with respect to the table variable (each row's gradient is an
IndexedSlices that the while loop densifies), uses the Jacobian's squared norm as a
penalty, and applies Adagrad with the IndexedSlices gradient of the main loss.  Ids have
duplicates; the number of outputs changes at step 8 (4 -> 3).  Probes: jacobian without
pfor over IndexedSlices gradients in a converted step."""
import random

import numpy

random.seed(25)
numpy.random.seed(25)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2525)
rng = np.random.default_rng(2525)
TABLE = tf.Variable(rng.normal(size=(7, 2)).astype(np.float32))
OPT = keras.optimizers.Adagrad(learning_rate=0.1)


def train_step(ids, y):
    with tf.GradientTape() as outer:
        with tf.GradientTape(persistent=True) as inner:
            out = tf.reduce_sum(tf.gather(TABLE, ids), axis=[1, 2])
        j = inner.jacobian(out, TABLE, experimental_use_pfor=False)
        pen = tf.reduce_sum(tf.square(j))
        loss = tf.reduce_mean(tf.square(out - y)) + 0.001 * pen
    g = outer.gradient(loss, TABLE)
    OPT.apply_gradients([(g, TABLE)])
    return loss, pen


N = 4
for step in range(30):
    if step == 8:
        N = 3
    ids = rng.integers(0, 7, size=(N, 3)).astype(np.int32)
    ids[:, 2] = ids[:, 0]
    y = rng.normal(size=(N,)).astype(np.float32)
    loss, pen = train_step(tf.constant(ids), tf.constant(y))
    print(step, repr(float(loss)), repr(float(pen)))

print(json.dumps({
    "table": [repr(float(v)) for v in TABLE.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
}))
