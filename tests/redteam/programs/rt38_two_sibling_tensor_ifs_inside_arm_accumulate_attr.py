"""A step gets a per-batch confidence tensor and, inside one Python `if` on a float from the loss (taken on
most batches), runs two sibling ifs that each add to the same trainer attribute:
`if c > 0.5: self.score += 1` then `if c > 0.7: self.score += 10`.  There is no write
before them in the outer arm: the second if must start from what the first one left.
The model trains with SGD; the score scales nothing (it is only Python state), and is
printed each step.  Probes: two one-armed writes to one attribute in sibling branches
nested in another branch on a tensor."""
import random

import numpy

random.seed(407)
numpy.random.seed(407)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3827)
rng = np.random.default_rng(3827)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 1:2]).astype(np.float32)
CONF = rng.uniform(size=(32,)).astype(np.float32)   # a per-batch confidence


class Trainer:
    def __init__(self):
        self.w = tf.Variable(np.zeros((3, 1), np.float32))
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.score = 0

    def step(self, x, y, conf):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w - y))
        g = tape.gradient(loss, self.w)
        self.opt.apply_gradients([(g, self.w)])
        c = float(conf)
        if c > 0.3:
            if c > 0.5:
                self.score += 1
            if c > 0.7:
                self.score += 10
        return loss, c


TR = Trainer()
for step in range(32):
    i = (step * 4) % 60
    loss, c = TR.step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]), tf.constant(CONF[step]))
    print(step, repr(float(loss)), repr(c), TR.score)

print(json.dumps({"w": TR.w.numpy().ravel().tolist(), "score": TR.score}))
