"""A fine-tuning loop passes the learning rate to the step as a Python float.  The
caller recomputes it every step (`float(LR_TEXT)` parses a config string, giving a new
float object of the same value), and the step counts LR changes by identity
(`if lr is not self.lr`), the cheap check an LR-logging helper uses, then stores the
float.  Eagerly every call sees a new object, so the counter grows by one per call
and `trainer.lr is lr` is True after each call.  From step 12 the config string is
parsed once and the same float object passed each call, so the counter stops.
janus may carry the float as a graph input or guard it by value and keep the
object it saw while building."""
import random

import numpy

random.seed(7)
numpy.random.seed(7)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4202)
rng = np.random.default_rng(4202)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = np.tanh(XS[:, :1] - XS[:, 1:2]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
LR_TEXT = "0.03"


class Trainer:
    def __init__(self):
        self.lr = None
        self.lr_changes = 0

    def train_step(self, x, y, lr):
        if lr is not self.lr:
            self.lr_changes += 1
            self.lr = lr
        with tf.GradientTape() as tape:
            h = tf.tanh(x @ W1)
            loss = tf.reduce_mean(tf.square(h @ W2 - y))
        g1, g2 = tape.gradient(loss, [W1, W2])
        W1.assign_sub(lr * g1)
        W2.assign_sub(lr * g2)
        return loss, lr


tr = Trainer()
fixed = None
for step in range(30):
    i = (step * 8) % 72
    if step < 12:
        lr = float(LR_TEXT)
    else:
        if fixed is None:
            fixed = float(LR_TEXT)
        lr = fixed
    loss, ret = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), lr)
    print(step, repr(float(loss)), tr.lr_changes, tr.lr is lr, ret is lr, repr(ret))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "lr_changes": tr.lr_changes,
    "lr_is_fixed": tr.lr is fixed,
}))
