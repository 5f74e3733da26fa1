"""The two arms of an `if` on a tensor produce feature tensors of different widths: one
arm concatenates two projections (width 6), the other uses one (width 3).  After the
branch the step reads the static width in Python (`n = h.shape[-1]`), uses it for a
Python scale (`1.0 / n`) and for `keras.ops.mean` normalisation, sums features into a
prediction and returns `n`, its type name, and `tuple(h.shape)`.  Both arms run early
and later.  Probes: tensors whose static shape differs between the arms of a branch on
a tensor, read as Python numbers after the merge."""
import random

import numpy

random.seed(3931)
numpy.random.seed(3931)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3931)
rng = np.random.default_rng(3931)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
WA = tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.5)
WB = tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


def train_step(x, y, off):
    with tf.GradientTape() as tape:
        if tf.reduce_mean(y) + off > 0.5:
            h = tf.concat([tf.tanh(x @ WA), tf.tanh(x @ WB)], axis=1)
        else:
            h = tf.tanh(x @ WA)
        n = h.shape[-1]
        pred = tf.reduce_sum(h, axis=1, keepdims=True) * (1.0 / n)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [WA, WB], unconnected_gradients=tf.UnconnectedGradients.ZERO)
    OPT.apply_gradients(zip(grads, [WA, WB]))
    return loss, n, type(n).__name__, tuple(h.shape)


for step in range(len(OFF)):
    i = (step * 8) % 56
    loss, n, tn, shp = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                                  tf.constant(OFF[step]))
    print(step, repr(float(loss)), n, tn, shp)

print("WA", WA.numpy().ravel().tolist())
print("WB", WB.numpy().ravel().tolist())
