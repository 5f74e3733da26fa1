"""Outlier handling written with a truth test on a tensor whose size the data decides:
`big = tf.boolean_mask(err, err > thr)` and then `if big:` inside try/except
ValueError.  Eagerly `bool(tensor)` is numpy's truth: with exactly one outlier it is
that value's truth (non-zero, so True), with none numpy raises ValueError (empty
array) and with several it raises ValueError (ambiguous).  The step counts each
outcome and adds a penalty only in the single-outlier case.  Probes: the truth test
of a tensor of data-dependent size (0, 1 or many elements)."""
import random

import numpy

random.seed(46)
numpy.random.seed(46)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4138)
rng = np.random.default_rng(4138)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.9 + rng.standard_t(2, size=(80, 1)) * 0.3).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Stats:
    single = 0
    empty_or_many = 0


ST = Stats()


def train_step(x, y, thr):
    with tf.GradientTape() as tape:
        err = tf.abs(x @ W - y)
        loss = tf.reduce_mean(tf.square(err))
        big = tf.boolean_mask(err, err > thr)
        try:
            if big:
                ST.single += 1
                loss = loss + 0.01 * tf.reduce_sum(big)
        except ValueError:
            ST.empty_or_many += 1
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, tf.size(big)


for step in range(36):
    i = (step * 8) % 72
    loss, nbig = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), 0.9)
    print(step, repr(float(loss)), int(nbig), ST.single, ST.empty_or_many)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
