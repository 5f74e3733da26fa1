"""Pure Python bookkeeping in a training step, no decision on data: the step increments an
int counter self.k and, every LOG_EVERY (=2) calls, adds the loss to a Python float
accumulator and bumps self.logged; nested inside that, every 3*LOG_EVERY calls it resets
self.logged = 0 and self.acc = 0.0.  Both conditions are on Python ints only (the counter
changes every call).  Probes: writes to the same attributes in an arm and again in a
nested arm, where both branches are decided by a Python int counter."""
import random

import numpy

random.seed(417)
numpy.random.seed(417)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3837)
rng = np.random.default_rng(3837)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = (XS[:, :1] + XS[:, 1:2] * 0.5).astype(np.float32)
LOG_EVERY = 2


class Trainer:
    def __init__(self):
        self.w = tf.Variable(np.zeros((3, 1), np.float32))
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.k = 0
        self.logged = 0
        self.acc = 0.0

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w - y))
        g = tape.gradient(loss, self.w)
        self.opt.apply_gradients([(g, self.w)])
        self.k += 1
        if self.k % LOG_EVERY == 0:
            self.logged += 1
            self.acc = self.acc + float(loss)
            if self.k % (3 * LOG_EVERY) == 0:
                self.logged = 0
                self.acc = 0.0
        return loss


TR = Trainer()
for step in range(30):
    i = (step * 8) % 40
    loss = TR.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), TR.k, TR.logged, repr(TR.acc))

print(json.dumps({"w": TR.w.numpy().ravel().tolist(), "k": TR.k, "logged": TR.logged, "acc": TR.acc}))
