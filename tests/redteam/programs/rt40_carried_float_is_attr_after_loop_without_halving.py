"""A step copies a Python float attribute `lr = self.lr` and runs a data-decided loop
`for i in tf.range(n)` whose body halves lr (`lr = lr * 0.5`) only on rows whose error
exceeds a threshold (a tensor `if`), so for some batches lr is never rebound.  After the
loop the step records `lr is self.lr` and `lr == self.lr` in lists (not lr itself), and
uses lr in the update.  Probes: identity of a Python float carried through a loop on a
tensor, asked with `is` rather than stored."""
import random

import numpy

random.seed(55)
numpy.random.seed(55)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4016)
rng = np.random.default_rng(4016)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + 0.1 * XS[:, 2:3]).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)


class Trainer:
    def __init__(self):
        self.lr = 0.1
        self.kept = []
        self.eq = []

    def step(self, x, y):
        with tf.GradientTape() as tape:
            err = x @ W - y
            loss = tf.reduce_mean(tf.square(err))
        g = tape.gradient(loss, W)
        lr = self.lr
        n = tf.shape(x)[0]
        for i in tf.range(n):
            if tf.abs(err[i, 0]) > 1.2:
                lr = lr * 0.5
        self.kept.append(lr is self.lr)
        self.eq.append(lr == self.lr)
        W.assign_sub(lr * g)
        return loss


tr = Trainer()
for step in range(30):
    i = (step * 8) % 96
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), tr.kept[-1], tr.eq[-1])

print("W", [repr(float(v)) for v in W.numpy().ravel()], sum(tr.kept))
