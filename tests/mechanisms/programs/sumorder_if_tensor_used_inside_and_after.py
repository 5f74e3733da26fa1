"""A Python `if` on a tensor whose true arm reads the error tensor once, which the loss
then uses twice more after the branch (`err * err`): the error's gradient is the sum of
three terms, which eager's tape adds in the order they came, ((a + b) + c).  In a graph
TF's AddN kernel may reuse the last term's buffer and add it first; janus writes the sum
as a chain, so the weights keep eager's last bits (until 2026-11-30 they left them from
the first graph call on, oneDNN off)."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(0)
X = tf.constant(rng.normal(size=(6, 3)).astype(np.float32))
Y = tf.constant(rng.normal(size=(6, 1)).astype(np.float32))
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


def train_step(threshold):
    with tf.GradientTape() as tape:
        err = X @ W - Y
        if tf.reduce_mean(err) < threshold:
            extra = tf.reduce_sum(err) * 2.0
        else:
            extra = tf.reduce_mean(err)
        loss = tf.reduce_mean(err * err) + 0.01 * extra
    grad = tape.gradient(loss, W)
    W.assign_sub(0.1 * grad)
    return loss, grad


for step in range(12):
    loss, grad = train_step(tf.constant(10.0 if step % 2 else -10.0))
    print(step, repr(float(loss)), [float(g).hex() for g in grad.numpy().ravel()])
print(json.dumps([float(v).hex() for v in W.numpy().ravel()]))
