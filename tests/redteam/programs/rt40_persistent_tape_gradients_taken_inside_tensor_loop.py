"""A persistent tape records a two-head model's forward pass; then a `for k in
tf.range(m)` loop (m decided by the batch: 1 or 2) re-enters the tape (`with tape:`) in the loop body to pick
the k-th head's loss (indexed by the loop variable, scaled by 1 + k/2), leaves it and
takes `tape.gradient(lk, W)`
and accumulates the squared gradient norm, which scales the learning rate of a
hand-written update after the loop.  The tape is deleted at the end of the step.
Probes: a persistent tape re-entered and used inside the body of a loop on a tensor,
for targets chosen by the loop index."""
import random

import numpy

random.seed(54)
numpy.random.seed(54)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4015)
rng = np.random.default_rng(4015)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = np.concatenate([XS[:, :1] * 0.5, np.tanh(XS[:, 1:2])], axis=1).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.3)
H = tf.Variable(rng.normal(size=(6, 2)).astype(np.float32) * 0.3)


def train_step(x, y):
    with tf.GradientTape(persistent=True) as tape:
        out = tf.tanh(x @ W) @ H
        losses = tf.reduce_mean(tf.square(out - y), axis=0)
        total = tf.reduce_sum(losses)
    m = 1 + tf.cast(tf.reduce_mean(y[:, 0]) > 0.0, tf.int32)
    gn = tf.constant(0.0)
    for k in tf.range(m):
        with tape:
            lk = losses[k] * (1.0 + 0.5 * tf.cast(k, tf.float32))
        g = tape.gradient(lk, W)
        gn += tf.reduce_sum(g * g)
    gw, gh = tape.gradient(total, [W, H])
    del tape
    lr = 0.1 / (1.0 + gn)
    W.assign_sub(lr * gw)
    H.assign_sub(lr * gh)
    return total, gn, m


for step in range(30):
    i = (step * 8) % 96
    total, gn, m = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, int(m), repr(float(total)), repr(float(gn)))

print("W", repr(float(tf.reduce_sum(W))), "H", repr(float(tf.reduce_sum(H))))
