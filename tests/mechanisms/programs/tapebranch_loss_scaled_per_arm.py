"""A branch on the loss inside the tape scales it on one arm and adds a term on the
other: every variable reaches the loss on both paths, so eager's gradients have the
same kinds whichever arm ran, and the step converts with the branch as a cond."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(81)
W1 = tf.Variable(rng.normal(size=(3, 4)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
        if loss > 1.0:
            loss = loss * 0.5
        else:
            loss = loss + 0.1 * tf.reduce_mean(h)
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    return loss


for i in range(30):
    x = rng.normal(size=(6, 3)).astype(np.float32) * (1 + 2 * (i % 2))
    loss = train_step(tf.constant(x), tf.constant(x[:, :1] * 2.0))
    print(i, repr(float(loss)))
print(json.dumps([W1.numpy().ravel().tolist(), W2.numpy().ravel().tolist()]))
