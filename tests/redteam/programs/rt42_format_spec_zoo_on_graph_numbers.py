"""A progress line built with many format specs on Python numbers the graph computes:
sign and zero padding (`+08.3f`), exponent (`.2e`), percent (`.1%`), general (`g`),
centre fill (`=^12.4f`), thousands separators (`,` and `_`), hex/binary of ints
(`#x`, `b`), `!r`, and an int count that goes negative from step 12 (a signed hex and
binary).  The loss is also shown as `-v * 0.0` (a signed zero).  janus makes text from
graph values after the graph; every spec must give Python's text."""
import random

import numpy

random.seed(111)
numpy.random.seed(111)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4311)
rng = np.random.default_rng(4311)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 3.0 - XS[:, 1:2]).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OFFSET = 0


def train_step(x, y, k):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    v = float(loss)
    n = int(tf.reduce_sum(tf.cast(x > 0, tf.int32))) * 1000 + OFFSET
    z = -v * 0.0
    line = (f"{k:03d} {v:+08.3f} {v:.2e} {v:.1%} {v:g} {v:=^12.4f} {n:,} {n:_d} "
            f"{n:#x} {n:b} {v!r} {z:+.1f} {z!r}")
    print(line)
    return loss, line


lines = []
for step in range(30):
    if step == 12:
        OFFSET = -40000
    i = (step * 8) % 88
    loss, line = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    lines.append(line)
    print(step, repr(float(loss)), len(line))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "last": lines[-1]}))
