"""Two branches on the same tensor confidence side by side inside an outer one, each
adding to one counter (`if c > 0.5: self.score += 1` then `if c > 0.7: self.score +=
10`): the counter is written by both inner conds on one outer arm and by none on the
other, and whether it was written at all is a merged flag too."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(34)
CONF = [0.1, 0.6, 0.8, 0.4, 0.2, 0.9, 0.55, 0.35] * 4


class Trainer:
    def __init__(self):
        self.w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
        self.score = 0

    def train_step(self, x, conf):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w)) * conf
        self.w.assign_sub(0.05 * tape.gradient(loss, self.w))
        c = float(conf)
        if c > 0.3:
            if c > 0.5:
                self.score += 1
            if c > 0.7:
                self.score += 10
        return loss, c


T = Trainer()
for i, conf in enumerate(CONF):
    loss, c = T.train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)),
                           tf.constant(conf))
    print(i, repr(float(loss)), repr(c), T.score, type(T.score).__name__)
print(json.dumps(T.w.numpy().ravel().tolist()))
