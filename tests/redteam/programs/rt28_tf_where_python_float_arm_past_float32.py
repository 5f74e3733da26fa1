"""The step picks a per-example penalty with tf.where(h_sum > 0, hi, 0.0), where hi is a
Python float it computes from the loop's step t: hi = CAP * (t % 4 + 1).  tf.where
converts each Python arm with no dtype (float32), so eager raises ValueError ("out of
range for a double-precision float") once hi passes float32's maximum, before the
update.  At step 14 the loop raises CAP from 1e30 to 1e38.  Probes: a carried float
handed to a TF function that converts it without a dtype, by a path other than
tf.constant/tf.cast."""
import random

import numpy

random.seed(2823)
numpy.random.seed(2823)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2823)
rng = np.random.default_rng(2823)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CAP = 1e30


def train_step(x, y, t):
    hi = CAP * (t % 4 + 1)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        pen = tf.where(tf.reduce_sum(h, axis=1) > 0, hi, 0.0)
        frac = tf.reduce_mean(tf.cast(pen > 0, tf.float32))
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * (1.0 + 0.1 * frac)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(32):
    if step == 14:
        CAP = 1e38
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
        print(step, repr(float(loss)))
    except ValueError as e:
        print(step, "ValueError", str(e)[:70])

print(json.dumps({
    "iterations": int(OPT.iterations),
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
