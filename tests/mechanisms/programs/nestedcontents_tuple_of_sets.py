"""A step iterates a global tuple of (name, set of tags) pairs and tests membership in
each set; the loop adds a tag to one set at step 6 and discards one from another at
step 12 (the tuple, and which sets it holds, never change)."""
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
tf.random.set_seed(0)
RULES = (("decay", {"dense", "conv"}), ("clip", {"rnn"}), ("noise", {"conv", "embed"}))
W = tf.Variable(0.0)


def train_step(x, layer):
    applied = []
    for name, tags in RULES:
        if layer in tags:
            applied.append(name)
    W.assign_add(x * len(applied))
    return applied


for step in range(18):
    if step == 6:
        RULES[1][1].add("dense")
    if step == 12:
        RULES[0][1].discard("dense")
    print(step, train_step(tf.constant(1.0), "dense"), round(float(W.numpy()), 5))
