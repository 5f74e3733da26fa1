"""`self.history += [float(loss), step]` on the trainer's list in a method step: list's
`+=` extends the list in place and stores the same object back, built as a deferred
`extend` of the program's list; the loop trims the list mid-run and checks it is still
the same object."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(41)


class Trainer:
    def __init__(self):
        self.w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
        self.history = []

    def train_step(self, x, tag):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w))
        self.w.assign_sub(0.1 * tape.gradient(loss, self.w))
        self.history += [float(loss), tag]
        return loss


t = Trainer()
HIST = t.history
for i in range(24):
    if i == 10:
        del t.history[:4]
    loss = t.train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)), "s")
    print(i, repr(float(loss)), len(t.history), t.history is HIST, t.history[-2:])
print(json.dumps([repr(float(v)) for v in t.w.numpy().ravel()]))
