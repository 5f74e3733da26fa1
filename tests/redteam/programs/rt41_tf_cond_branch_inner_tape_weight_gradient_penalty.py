"""A gradient-penalty step where the penalty is computed only when the data loss is
high, through tf.cond(mse > thr, penalty_fn, zero_fn): penalty_fn is a nested
function that opens its own GradientTape inside the branch, takes the gradient of the
model's summed output with respect to the first-layer kernel and returns a penalty
on it; zero_fn returns 0.0 times a tensor.  The outer tape differentiates the total
(second order through the branch).  The penalty adds an L1 and an L2 form computed by
global helper functions.  Probes: GradientTapes opened and used inside tf.cond branch
functions, with an outer tape around the cond."""
import random

import numpy

random.seed(49)
numpy.random.seed(49)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4141)
rng = np.random.default_rng(4141)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def net(x):
    return tf.tanh(x @ W1) @ W2


def l2_pen(g):
    return 0.1 * tf.reduce_mean(tf.square(g))


def l1_pen(g):
    return 0.1 * tf.reduce_mean(tf.abs(g))


def train_step(x, y, thr):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(net(x) - y))

        def penalty_fn():
            with tf.GradientTape() as inner:
                out = tf.reduce_sum(net(x))
            gx = inner.gradient(out, W1)
            return l2_pen(gx) + l1_pen(gx)

        def zero_fn():
            return 0.0 * mse

        pen = tf.cond(mse > thr, penalty_fn, zero_fn)
        loss = mse + pen
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, pen


for step in range(32):
    i = (step * 8) % 72
    loss, pen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), 0.3)
    print(step, repr(float(loss)), repr(float(pen)))

print("W", repr(float(tf.reduce_sum(W1))), [repr(float(v)) for v in W2.numpy().ravel()])
