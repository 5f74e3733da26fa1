"""A loss object of the program whose class defines `__hash__` and `__eq__` that count
their calls (it is also a dict key in the loop's registry) is called in the step: no
lookup of janus's hashes or compares it, so the counts are eager's; the loop swaps the
loss's weight mid-run."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(61)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
CALLS = {"hash": 0, "eq": 0}


class WeightedL2:
    def __init__(self, weight):
        self.weight = weight

    def __call__(self, pred):
        return self.weight * tf.reduce_mean(tf.square(pred))

    def __hash__(self):
        CALLS["hash"] += 1
        return 7

    def __eq__(self, other):
        CALLS["eq"] += 1
        return self is other


LOSS = WeightedL2(1.0)
REGISTRY = {LOSS: "l2"}


def train_step(x):
    with tf.GradientTape() as tape:
        loss = LOSS(x @ w)
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss


for i in range(24):
    if i == 10:
        LOSS.weight = 0.5
    loss = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), REGISTRY[LOSS], CALLS)
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]), CALLS)
