"""A branch on a tensor reads the batch error on both arms (a sum or a mean of it), and
the loss squares the error after the branch: three gradient terms for the error, which
janus adds as eager's tape does, left to right, and not in the order TF's AddN kernel
picks when it reuses a term's buffer."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(12)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32))
B = tf.Variable(np.zeros((1,), np.float32))


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = x @ W + B - y
        if tf.reduce_max(err) > 0.5:
            penalty = tf.reduce_sum(err) * 0.5
        else:
            penalty = tf.reduce_mean(err) * 3.0
        loss = tf.reduce_mean(err * err) + 0.05 * penalty
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(0.05 * gw)
    B.assign_sub(0.05 * gb)
    return loss


for step in range(14):
    x = tf.constant(rng.normal(size=(7, 4)).astype(np.float32))
    y = tf.constant(rng.normal(size=(7, 1)).astype(np.float32))
    print(step, repr(float(train_step(x, y))), float(B.numpy()[0]).hex())
print(json.dumps([float(v).hex() for v in W.numpy().ravel()]))
