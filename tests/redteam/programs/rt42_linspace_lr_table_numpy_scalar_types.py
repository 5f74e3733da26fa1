"""An LR schedule precomputed with `np.linspace` (a float64 ndarray global) and indexed
by the trainer's Python step counter inside the step: `lr = LRS[self.t]` is a numpy
float64 scalar (a float subclass), and the update multiplies the
numpy scalar into the float32 gradient (`lr * g`).  The trainer stores `self.last_lr = lr` and the caller prints types and
reprs (`np.float64(...)`).  At step 12 the loop rewrites the tail of the table in place
(`LRS[12:] *= 0.1`).  janus reads ndarray globals at call time; the numpy scalar types
and their reprs must be eager's."""
import random

import numpy

random.seed(101)
numpy.random.seed(101)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4301)
rng = np.random.default_rng(4301)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.2 + XS[:, 3:4] * 0.4).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
LRS = np.linspace(0.2, 0.02, 30)


class Trainer:
    def __init__(self):
        self.t = 0
        self.lr_sum = 0.0
        self.last_lr = None

    def step(self, x, y):
        lr = LRS[self.t]
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y))
        g = tape.gradient(loss, W)
        W.assign_sub(lr * g)
        self.last_lr = lr
        self.t += 1
        return loss


tr = Trainer()
for step in range(30):
    if step == 12:
        LRS[12:] *= 0.1
    i = (step * 8) % 88
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    tr.lr_sum = tr.lr_sum + tr.last_lr
    print(step, repr(float(loss)), repr(tr.last_lr), type(tr.last_lr).__name__,
          repr(tr.lr_sum))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "t": tr.t,
                  "lr_sum": repr(tr.lr_sum)}))
