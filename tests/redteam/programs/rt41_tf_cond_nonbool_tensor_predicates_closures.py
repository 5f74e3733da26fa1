"""A training step that picks between two loss variants with tf.cond whose predicate is
NOT a bool tensor: a float32 difference (loss - 0.5, truthy whenever non-zero, also
when negative), an int32 count, and a shape-(1,) bool tensor.  Eager tf.cond takes
numpy's truth of the predicate's value.  The branches are lambdas closing over the
step's locals (pred, y, a scale rebound after the lambda was made).  Probes: the
truth test janus applies to non-bool and non-scalar tf.cond predicates."""
import random

import numpy

random.seed(41)
numpy.random.seed(41)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4101)
rng = np.random.default_rng(4101)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, :1] * 0.7 - XS[:, 1:2] * 0.3).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
B = tf.Variable(np.zeros((1,), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, k):
    with tf.GradientTape() as tape:
        pred = x @ W + B
        err = pred - y
        mse = tf.reduce_mean(tf.square(err))
        scale = 1.0
        big = lambda: mse * scale
        small = lambda: tf.reduce_mean(tf.abs(err)) * scale
        scale = 2.0  # rebound after the lambdas were made: they read 2.0
        # float predicate: truthy when non-zero, negative included
        l1 = tf.cond(mse - 0.5, big, small)
        # int predicate: count of positive errors minus k (truthy when != 0)
        cnt = tf.reduce_sum(tf.cast(err > 0.0, tf.int32)) - k
        l2 = tf.cond(cnt, lambda: l1 * 0.5, lambda: l1 * 1.5)
        # shape (1,) bool predicate
        p3 = tf.reshape(tf.reduce_max(err) > 0.8, [1])
        loss = tf.cond(p3, lambda: l2 + 0.01 * tf.reduce_sum(tf.square(W)), lambda: l2)
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss, l1, cnt


for step in range(36):
    i = (step * 8) % 88
    k = 4 if step % 3 else 3
    loss, l1, cnt = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), k)
    print(step, repr(float(loss)), repr(float(l1)), int(cnt))

print("W", [repr(float(v)) for v in W.numpy().ravel()], "B", repr(float(B.numpy()[0])))
