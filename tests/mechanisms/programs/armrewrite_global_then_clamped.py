"""A global the step writes twice inside a branch on a tensor: `BUDGET -= 1`, and then,
in a nested branch on the new value, `BUDGET = 0` when it went negative.  Where the
inner arm that does not write runs, the outer arm's first write must still land."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(32)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
BUDGET = 4
SPENT = 0


def train_step(x):
    global BUDGET, SPENT
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    grad = tape.gradient(loss, w)
    if loss > 0.3:
        BUDGET -= 1
        if BUDGET < 0:
            BUDGET = 0
            SPENT += 1
        w.assign_sub(0.05 * grad)
    return loss


for i in range(30):
    if i % 9 == 0:
        BUDGET = 4
    loss = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32) * (1 + i % 3)))
    print(i, repr(float(loss)), BUDGET, SPENT)
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
