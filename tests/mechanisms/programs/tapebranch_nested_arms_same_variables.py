"""Nested branches on tensors inside the tape, every arm reading the same two variables
in other combinations: their gradients exist whichever arms ran, and the step converts
with the branches as conds."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(83)
A = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
B = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


def train_step(x):
    with tf.GradientTape() as tape:
        m = tf.reduce_mean(x)
        if m > 0.0:
            if m > 0.3:
                out = x @ A + 0.5 * (x @ B)
            else:
                out = x @ A - x @ B
        else:
            out = x @ B - 0.25 * (x @ A)
        loss = tf.reduce_mean(tf.square(out))
    ga, gb = tape.gradient(loss, [A, B])
    A.assign_sub(0.05 * ga)
    B.assign_sub(0.05 * gb)
    return loss


for i in range(30):
    loss = train_step(tf.constant(rng.normal(size=(5, 3)).astype(np.float32) + (0.4 if i % 3 == 0 else -0.1 if i % 3 == 1 else 0.1)))
    print(i, repr(float(loss)))
print(json.dumps([A.numpy().ravel().tolist(), B.numpy().ravel().tolist()]))
