"""A plateau counter in a training step: on a loss that did not improve (a branch on a
tensor), `self.wait += 1`, and then, in a nested branch on the new count, `self.wait =
0` and `self.hits += 1` when it reached the patience.  The outer arm writes `wait`
twice, the second time only on one inner arm: the place is written whenever the outer
arm runs, with the inner arm's value or the count from before it."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(31)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
SCALES = [1.0, 1.1, 1.2, 1.3, 0.5, 0.9, 0.8, 1.4, 0.9, 0.7, 0.8, 0.4, 0.6, 0.7, 0.9,
          0.45, 0.3, 0.5, 0.6, 0.7, 0.2, 0.3, 0.25, 0.4, 0.1, 0.2, 0.3, 0.4]


class Plateau:
    def __init__(self, patience):
        self.patience = patience
        self.best = float("inf")
        self.wait = 0
        self.hits = 0

    def train_step(self, x, scale):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ w)) * 0.0 + scale
        w.assign_sub(0.01 * tape.gradient(loss, w))
        if loss < self.best:
            self.best = float(loss)
            self.wait = 0
        else:
            self.wait += 1
            if self.wait >= self.patience:
                self.wait = 0
                self.hits += 1
        return loss


P = Plateau(3)
for i, s in enumerate(SCALES):
    loss = P.train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)),
                        tf.constant(s))
    print(i, repr(float(loss)), P.wait, P.hits, repr(P.best), type(P.wait).__name__)
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
