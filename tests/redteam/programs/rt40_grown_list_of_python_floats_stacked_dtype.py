"""A step loops `for i in tf.range(n)` (n decided by the batch, at least 1) and appends
Python numbers to empty lists it made: `errs.append(float(err[i]))` (a Python float from
a tensor), `flags.append(bool(err[i] > 0))` and `idx.append(int(i) * 2)`.  After the
loop it calls `tf.stack` on each list and prints the dtypes and sums, and uses the float
stack in the loss (as a constant).  Eagerly tf.stack of Python floats is float32, of
bools bool, of ints int32.  Probes: a list grown inside a loop on a tensor with Python
numbers (not tensors), then stacked."""
import random

import numpy

random.seed(79)
numpy.random.seed(79)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4039)
rng = np.random.default_rng(4039)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + 0.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = (x @ W - y)[:, 0]
        n = 1 + tf.reduce_sum(tf.cast(err > 0.0, tf.int32))
        errs, flags, idx = [], [], []
        for i in tf.range(n):
            errs.append(float(err[i]))
            flags.append(bool(err[i] > 0))
            idx.append(int(i) * 2)
        e = tf.stack(errs)
        f = tf.stack(flags)
        k = tf.stack(idx)
        loss = tf.reduce_mean(tf.square(err)) + 0.01 * tf.reduce_sum(tf.cast(e, tf.float32))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, e, f, k


for step in range(30):
    i = (step * 8) % 96
    loss, e, f, k = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), e.dtype.name, f.dtype.name, k.dtype.name,
          repr(float(tf.reduce_sum(tf.cast(e, tf.float64)))), int(tf.reduce_sum(tf.cast(f, tf.int32))),
          int(tf.reduce_sum(tf.cast(k, tf.int64))))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
