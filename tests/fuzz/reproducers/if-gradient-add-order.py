# known wrong: the order of an AddN of gradient terms follows which input's buffer TF's kernel may reuse, which differs between eager's tape and a graph (the last bits of the weights; tf.function computes janus's bits)
"""A Python `if` on a tensor whose true arm reads the error tensor once, which the loss
then uses twice more after the branch (`err * err`): the error's gradient is the sum of
three terms.  TF's AddN kernel adds its inputs left to right, but first moves to the
front an input whose buffer it may reuse for the result: in janus's graph that is the
If op's term, (c + a) + b, where eager's tape got (a + b) + c (oneDNN off; tf.function
computes janus's bits).  Writing every such sum as a left-to-right chain fixed this and
broke others (a GRU unrolled over characters), where eager's own AddN reuses a buffer
too: which input eager's kernel may reuse depends on the tape's references."""
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
