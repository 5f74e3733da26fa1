"""Flat form (no nesting): the step increments an attribute unconditionally
(self.wait += 1) and then, in a Python `if` on a float computed from a tensor, resets it
(self.wait = 0) and counts the reset (self.hits += 1).  The data make the if go both ways
in the first calls.  Probes: an unconditional attribute write followed by a write to the
same attribute in one arm of a branch on a tensor."""
import random

import numpy

random.seed(406)
numpy.random.seed(406)

import json

import numpy as np
import tensorflow as tf

VALS = np.array([0.1, 0.9, 0.2, 0.3, 0.8, 0.1, 0.2, 0.95, 0.3, 0.4, 0.1, 0.85, 0.2, 0.3,
                 0.4, 0.5, 0.99, 0.1, 0.2, 0.3, 0.7, 0.6, 0.1, 0.2, 0.3, 0.4, 0.9, 0.1],
                np.float32)


class Tracker:
    def __init__(self):
        self.wait = 0
        self.hits = 0

    def step(self, x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_sum(x * 1.0)
        self.wait += 1
        if float(loss) > 0.75:
            self.wait = 0
            self.hits += 1
        return loss


TR = Tracker()
for step in range(len(VALS)):
    loss = TR.step(tf.constant(VALS[step:step + 1]))
    print(step, repr(float(loss)), TR.wait, TR.hits)

print(json.dumps({"wait": TR.wait, "hits": TR.hits}))
