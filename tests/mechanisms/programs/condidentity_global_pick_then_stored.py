"""A global holds the last tensor the step picked on a branch on its loss: either the
caller's batch or a new scaled one (`PICK = x if loss < 1.0 else x * 0.5`).  The loop
counts how often the stored tensor is the very batch it handed."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(53)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
PICK = None
SAME = 0


def train_step(x):
    global PICK
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(0.02 * tape.gradient(loss, w))
    if loss < 1.0:
        PICK = x
    else:
        PICK = x * 0.5
    return loss


for i in range(30):
    x = tf.constant(rng.normal(size=(4, 3)).astype(np.float32) * (1 + 2 * (i % 2)))
    loss = train_step(x)
    SAME += PICK is x
    print(i, repr(float(loss)), PICK is x, SAME, repr(float(tf.reduce_sum(PICK))))
print(json.dumps(w.numpy().ravel().tolist()))
