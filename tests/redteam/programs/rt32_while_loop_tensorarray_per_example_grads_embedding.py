"""Per-example gradients of an embedding lookup with tf.while_loop and a TensorArray: the
body gathers one example's ids from a table variable, takes its gradient (an
IndexedSlices), densifies it with tf.convert_to_tensor and writes it; the step sums the
stacked grads with weights from a softmax over per-example losses and applies SGD.
Duplicate ids in each example; the number of examples changes at step 8 (5 -> 3).
Probes: IndexedSlices inside a while body, TensorArray stacking, weights from losses."""
import random

import numpy

random.seed(11)
numpy.random.seed(11)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1111)
rng = np.random.default_rng(1111)
TABLE = tf.Variable(rng.normal(size=(9, 2)).astype(np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(ids, y):
    n = tf.shape(ids)[0]
    ta = tf.TensorArray(tf.float32, size=n)
    la = tf.TensorArray(tf.float32, size=n)

    def body(k, ta, la):
        with tf.GradientTape() as t:
            e = tf.gather(TABLE, ids[k])
            l = tf.square(tf.reduce_sum(e) - y[k])
        g = t.gradient(l, TABLE)
        return k + 1, ta.write(k, tf.convert_to_tensor(g)), la.write(k, l)

    _, ta, la = tf.while_loop(lambda k, *_: k < n, body, (tf.constant(0), ta, la))
    losses = la.stack()
    w = tf.nn.softmax(losses)
    g = tf.tensordot(w, ta.stack(), axes=1)
    OPT.apply_gradients([(g, TABLE)])
    return tf.reduce_mean(losses), tf.reduce_max(w)


N = 5
for step in range(30):
    if step == 8:
        N = 3
    ids = rng.integers(0, 9, size=(N, 3)).astype(np.int32)
    ids[:, 1] = ids[:, 0]
    y = rng.normal(size=(N,)).astype(np.float32)
    loss, mw = train_step(tf.constant(ids), tf.constant(y))
    print(step, repr(float(loss)), repr(float(mw)))

print(json.dumps({
    "table": [repr(float(v)) for v in TABLE.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
}))
