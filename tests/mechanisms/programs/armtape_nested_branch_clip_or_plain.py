"""A tape that is not persistent used in a branch nested in another: on a large loss
the gradient is clipped by norm, on a very large one it is skipped, else it is applied
as is.  A counter the step keeps on the object records which path ran."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(43)


class Trainer:
    def __init__(self):
        self.w = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32))
        self.clipped = 0
        self.skipped = 0

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w - y))
        if loss > 2.0:
            if loss > 40.0:
                self.skipped += 1
            else:
                g = tf.clip_by_norm(tape.gradient(loss, self.w), 1.0)
                self.w.assign_sub(0.05 * g)
                self.clipped += 1
        else:
            self.w.assign_sub(0.05 * tape.gradient(loss, self.w))
        return loss


T = Trainer()
for i in range(30):
    x = rng.normal(size=(5, 4)).astype(np.float32) * (1 + (i % 3) * 2)
    y = np.stack([x.sum(axis=1), x[:, 0]], axis=1).astype(np.float32)
    loss = T.train_step(tf.constant(x), tf.constant(y))
    print(i, repr(float(loss)), T.clipped, T.skipped)
print(json.dumps(T.w.numpy().ravel().tolist()))
