"""The hardest batch so far: `if loss > self.worst: self.worst = float(loss);
self.hardest = x`.  Only one arm stores the caller's tensor; the loop finds it again by
identity among the batches it handed."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(52)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


class Miner:
    def __init__(self):
        self.worst = 0.0
        self.hardest = None

    def train_step(self, x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ w))
        w.assign_sub(0.01 * tape.gradient(loss, w))
        if loss > self.worst:
            self.worst = float(loss)
            self.hardest = x
        return loss


M = Miner()
BATCHES = [tf.constant(rng.normal(size=(4, 3)).astype(np.float32) * (1 + (i * 7) % 5))
           for i in range(10)]
for i in range(30):
    loss = M.train_step(BATCHES[i % 10])
    found = [j for j, b in enumerate(BATCHES) if b is M.hardest]
    print(i, repr(float(loss)), repr(M.worst), found)
print(json.dumps(w.numpy().ravel().tolist()))
