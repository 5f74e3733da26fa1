"""Multi-task batches tagged with a tf.string scalar: an empty tag means "no auxiliary
task".  The step calls tf.cond(tag, lambda: mse + aux, lambda: mse) directly on the
string tensor; eager tf.cond takes numpy's truth of the value (b"" is False, any
non-empty bytes True, "0" included).  A second cond uses a complex64 predicate
(0j is False).  Probes: non-numeric tf.cond predicates (strings, complex)."""
import random

import numpy

random.seed(57)
numpy.random.seed(57)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4149)
rng = np.random.default_rng(4149)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.3 + XS[:, 1:2] * 0.6).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
TAGS = ["", "aux", "0", "", "l1", " ", "", "aux"]
ZS = [0j, 1j, 0j, 2 + 0j, -0.0 + 0j, 0j, 1e-3j, 0j]


def train_step(x, y, tag, z):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(x @ W - y))
        aux = 0.05 * tf.reduce_sum(tf.square(W))
        loss = tf.cond(tag, lambda: mse + aux, lambda: mse)
        loss = tf.cond(z, lambda: loss * 1.1, lambda: loss)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(32):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(TAGS[step % 8]),
                      tf.constant(ZS[step % 8], tf.complex64))
    print(step, repr(TAGS[step % 8]), repr(float(loss)))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
