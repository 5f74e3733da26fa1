"""A backtracking line search inside the step: starting from the trainer's step size,
it halves a Python float `lr` while the trial loss at `w - lr * g` is not below the
current loss (a tensor condition), at most 6 tries, then applies the accepted step and
grows the stored step size by 1.5x (`self.lr = min(lr * 1.5, 1.0)`).  The number of
halvings depends on data; from step 12 a harder target makes more tries.  janus
carries the float and the counter through a loop on a tensor; Python's exact float64
halving and min() must come out as eager's."""
import random

import numpy

random.seed(62)
numpy.random.seed(62)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4262)
rng = np.random.default_rng(4262)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YA = (XS @ np.array([[1.0], [-1.0], [0.5], [0.0]], np.float32)).astype(np.float32)
YB = (np.sign(XS[:, :1]) * 3.0).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))


class LineSearch:
    def __init__(self):
        self.lr = 1.0
        self.tries = []

    def loss_at(self, w, x, y):
        return tf.reduce_mean(tf.square(x @ w - y))

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = self.loss_at(W, x, y)
        g = tape.gradient(loss, W)
        lr = self.lr
        tries = 0
        while self.loss_at(W - lr * g, x, y) >= loss and tries < 6:
            lr = lr * 0.5
            tries += 1
        W.assign_sub(lr * g)
        self.lr = min(lr * 1.5, 1.0)
        self.tries.append(tries)
        return loss, lr


ls = LineSearch()
for step in range(30):
    i = (step * 16) % 112
    y = YA if step < 12 else YB
    loss, lr = ls.step(tf.constant(XS[i:i + 16]), tf.constant(y[i:i + 16]))
    print(step, repr(float(loss)), repr(lr), repr(ls.lr), ls.tries[-1])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "tries": ls.tries,
                  "lr": repr(ls.lr)}))
