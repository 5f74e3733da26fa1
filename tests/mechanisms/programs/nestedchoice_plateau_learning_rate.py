"""A ReduceLROnPlateau-style step: `self.lr` is halved under a branch on the loss inside the
other arm of another branch on the loss, and kept (the same float object) otherwise; the
caller checks `tr.lr is before`.  Patience drops at step 10."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(61)
rng = np.random.default_rng(61)
XS = rng.normal(size=(48, 3)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.05)

PATIENCE = 3


class Trainer:
    def __init__(self):
        self.lr = 0.05
        self.best = float("inf")
        self.wait = 0

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y))
        opt.learning_rate.assign(self.lr)
        opt.apply_gradients([(tape.gradient(loss, W), W)])
        cur = float(loss)
        if cur < self.best:
            self.best = cur
            self.wait = 0
        else:
            self.wait += 1
            if self.wait >= PATIENCE:
                self.lr = self.lr * 0.5
                self.wait = 0
        return loss


tr = Trainer()
for step in range(24):
    if step == 10:
        PATIENCE = 1
    before = tr.lr
    i = (step * 4) % 44
    loss = tr.train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), tr.lr, tr.lr is before, tr.wait)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
