"""A training step runs `for i in tf.range(n)` where n counts the rows of the batch whose
target exceeds a threshold (data decides; some batches have none).  The body appends a
per-row tensor (an int32 index-derived row and a float row) to two empty lists the step
made; after the loop the step stacks them with tf.stack and prints the stacked shape and
dtype and len() of each list, then adds the stacked sum to the loss.  Probes: a grown list
stacked after a zero-trip loop (eager's tf.stack([]) is float32 of shape (0,), whatever
the rows would have been), len() of such a list, and TensorArray-vs-list semantics."""
import random

import numpy

random.seed(40)
numpy.random.seed(40)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4001)
rng = np.random.default_rng(4001)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.7 - XS[:, 1:2] * 0.3).astype(np.float32)
# make some batches have no row above the threshold
YS[16:24] = -1.0
YS[56:64] = -2.0
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = x @ W
        err = pred - y
        n = tf.reduce_sum(tf.cast(y[:, 0] > 0.5, tf.int32))
        rows = []
        idx = []
        for i in tf.range(n):
            rows.append(err[i] * 0.5)
            idx.append(i * 2)
        s = tf.stack(rows)
        k = tf.stack(idx)
        loss = tf.reduce_mean(tf.square(err)) + 0.01 * tf.reduce_sum(s)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, s, k, len(rows)


for step in range(36):
    i = (step * 8) % 96
    loss, s, k, m = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), m, tuple(s.shape), s.dtype.name, tuple(k.shape), k.dtype.name,
          repr(float(tf.reduce_sum(tf.cast(k, tf.float32)))))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
