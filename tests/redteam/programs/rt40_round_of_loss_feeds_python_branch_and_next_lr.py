"""A step computes `r = round(float(loss), 2)` of the graph's loss, then uses the rounded
float in Python arithmetic (`bonus = r * 3 - 1`), in a Python comparison that decides a
branch (`if r >= self.best: self.wait += 1 else: self.best = r; self.wait = 0`), stores
it in a list, and multiplies a second learning-rate-like attribute by it
(`self.scale = self.scale * (1 + r)` rounded again).  Everything is printed with repr.
Probes: round() of a number the graph computes, when the result is used again by the
step (arithmetic, comparison, attribute writes), not only printed."""
import random

import numpy

random.seed(46)
numpy.random.seed(46)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4007)
rng = np.random.default_rng(4007)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.6 - XS[:, 2:3] * 0.4 + 0.2).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)


class Trainer:
    def __init__(self):
        self.best = 99.0
        self.wait = 0
        self.scale = 1.0
        self.hist = []

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y)) * self.scale
        grads = tape.gradient(loss, [W])
        OPT.apply_gradients(zip(grads, [W]))
        r = round(float(loss), 2)
        bonus = r * 3 - 1
        if r >= self.best:
            self.wait += 1
        else:
            self.best = r
            self.wait = 0
        self.hist.append(r)
        self.scale = round(self.scale * (1 + r) / (1 + bonus * bonus), 4)
        return loss, r, bonus


tr = Trainer()
for step in range(32):
    i = (step * 8) % 96
    loss, r, bonus = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(r), repr(bonus), repr(tr.best), tr.wait, repr(tr.scale),
          tr.hist[-1] is r)

print("W", [repr(float(v)) for v in W.numpy().ravel()], len(tr.hist))
