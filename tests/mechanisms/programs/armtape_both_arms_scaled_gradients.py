"""Both arms of a branch on the loss take the gradient from one tape that is not
persistent, of different targets (`tape.gradient(loss, w)` or of `0.5 * loss` plus
an auxiliary term), and the update after the branch uses whichever ran."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(42)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
b = tf.Variable(np.zeros((1,), np.float32))


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = x @ w + b
        loss = tf.reduce_mean(tf.square(pred - y))
        aux = tf.reduce_mean(tf.abs(w))
        damped = 0.5 * loss + 0.1 * aux
    if loss > 3.0:
        gw, gb = tape.gradient(damped, [w, b])
    else:
        gw, gb = tape.gradient(loss, [w, b])
    w.assign_sub(0.05 * gw)
    b.assign_sub(0.05 * gb)
    return loss


for i in range(30):
    x = rng.normal(size=(6, 3)).astype(np.float32) * (1 + 2 * (i % 2))
    y = x[:, :1] * 2.0 - 1.0
    loss = train_step(tf.constant(x), tf.constant(y))
    print(i, repr(float(loss)))
print(json.dumps([w.numpy().ravel().tolist(), b.numpy().ravel().tolist()]))
