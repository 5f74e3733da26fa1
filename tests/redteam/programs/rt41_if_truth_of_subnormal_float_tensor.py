"""A step with a per-batch float32 weight tensor read from a weight table (some entries
0.0, some ordinary, some underflowed to subnormal values); the step tests the weight
with plain Python truth (`if w:` and `not w`) to decide whether to add an auxiliary
loss and to count skipped batches in an attribute.  Eager `bool(tensor)` is numpy's
truth of the value: a subnormal is non-zero, so True.  TF kernels that compare or
cast flush subnormals to zero.  Probes: the truth test of a float tensor holding a
subnormal, in an `if` and in `not`."""
import random

import numpy

random.seed(24)
numpy.random.seed(24)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4117)
rng = np.random.default_rng(4117)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] * -0.4 + 0.3).astype(np.float32)
WTS = np.array([1.0, 0.0, 5e-42, 0.5, 0.0, 1e-44, 2.0, 8e-40], dtype=np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Stats:
    skipped = 0


ST = Stats()


def train_step(x, y, wts, k):
    w = wts[k]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
        if w:
            loss = loss + 0.1 * tf.reduce_sum(tf.abs(W))
    if not w:
        ST.skipped += 1
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(40):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(WTS),
                      tf.constant(step % 8))
    print(step, repr(float(WTS[step % 8])), repr(float(loss)), ST.skipped)

print("W", [repr(float(v)) for v in W.numpy().ravel()], ST.skipped)
