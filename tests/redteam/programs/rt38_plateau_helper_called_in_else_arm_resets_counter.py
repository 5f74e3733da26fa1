"""A plateau counter split the way real code splits it: in the step's `else` arm (a
branch on a float from the loss) the trainer increments self.wait and then calls a helper
method _maybe_reduce(), whose own `if self.wait >= self.patience:` resets self.wait = 0
and counts self.reductions.  The helper is inlined in the arm; its if is a branch nested
in the step's branch.  0.5 ** self.reductions scales the gradient step of a small linear model.  Probes: an attribute written in an arm and again
in one arm of a branch inside a helper the arm calls."""
import random

import numpy

random.seed(409)
numpy.random.seed(409)

import json

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(3829)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[0.4], [-0.7], [1.1]], np.float32) + rng.normal(size=(64, 1)).astype(np.float32)).astype(np.float32)


class Trainer:
    def __init__(self):
        self.w = tf.Variable(np.zeros((3, 1), np.float32))
        self.best = float("inf")
        self.wait = 0
        self.patience = 2
        self.reductions = 0

    def _maybe_reduce(self):
        if self.wait >= self.patience:
            self.wait = 0
            self.reductions += 1

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w - y))
        g = tape.gradient(loss, self.w)
        self.w.assign_sub(0.1 * 0.5 ** self.reductions * g)
        cur = float(loss)
        if cur < self.best:
            self.best = cur
        else:
            self.wait += 1
            self._maybe_reduce()
        return loss


TR = Trainer()
for step in range(30):
    i = (step * 8) % 64
    loss = TR.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), TR.wait, TR.reductions, repr(TR.best))

print(json.dumps({"w": TR.w.numpy().ravel().tolist(), "wait": TR.wait,
                  "reductions": TR.reductions}))
