"""Minimal form of a plateau counter inside a step: the step computes a Python float from
the loss and, in nested Python ifs on it, writes the same attribute in three places:
`self.wait = 0` when improved, else `self.wait += 1` and then, if the counter reached
PATIENCE, `self.wait = 0` again and `self.hits += 1`.  No variable update in the arms.
The loss values are fixed by the data (no training), chosen so that both outer arms and
both inner arms are taken in the first calls.  Probes: merging one attribute written in
an outer arm, in the other outer arm and again in a nested arm."""
import random

import numpy

random.seed(405)
numpy.random.seed(405)

import json

import numpy as np
import tensorflow as tf

LOSSES = np.array([1.0, 1.1, 1.2, 1.3, 0.5, 0.9, 0.8, 1.4, 0.9, 0.7, 0.8, 0.4, 0.6, 0.7,
                   0.9, 0.45, 0.3, 0.5, 0.6, 0.7, 0.2, 0.3, 0.25, 0.4, 0.1, 0.2, 0.3, 0.4],
                  np.float32)


class Tracker:
    def __init__(self, patience):
        self.patience = patience
        self.best = float("inf")
        self.wait = 0
        self.hits = 0

    def step(self, x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_sum(x * 1.0)
        cur = float(loss)
        if cur < self.best:
            self.best = cur
            self.wait = 0
        else:
            self.wait += 1
            if self.wait >= self.patience:
                self.wait = 0
                self.hits += 1
        return loss


TR = Tracker(3)
for step in range(len(LOSSES)):
    loss = TR.step(tf.constant(LOSSES[step:step + 1]))
    print(step, repr(float(loss)), TR.wait, TR.hits, repr(TR.best))

print(json.dumps({"wait": TR.wait, "hits": TR.hits, "best": TR.best}))
