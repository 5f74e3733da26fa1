"""Optimizer-state reset on config reload: the step keeps the config tuple it last saw
(`self.cfg`) and, when the global `CFG` is not that object (`CFG is not self.cfg`),
zeroes its momentum buffers before updating, a cheap 'was the config reloaded?' test.
The loop keeps one tuple for 14 steps, then reloads the config from its source list
at steps 15, 19 and 25 (a new tuple with equal items each time).  Eagerly the momentum
is reset at exactly those calls, which changes the weights.  janus guards tuples item
by item; the `is` test between two heap values must follow the objects."""
import random

import numpy

random.seed(131)
numpy.random.seed(131)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4331)
rng = np.random.default_rng(4331)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 2:3]).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
MOM = tf.Variable(np.zeros((4, 1), np.float32))
SOURCE = [0.05, 0.9]
CFG = tuple(SOURCE)


class Trainer:
    def __init__(self):
        self.cfg = None
        self.resets = 0

    def step(self, x, y):
        if CFG is not self.cfg:
            self.resets += 1
            MOM.assign(tf.zeros_like(MOM))
            self.cfg = CFG
        lr, beta = CFG
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y))
        MOM.assign(beta * MOM + tape.gradient(loss, W))
        W.assign_sub(lr * MOM)
        return loss


tr = Trainer()
for step in range(30):
    if step in (15, 19, 25):
        CFG = tuple(SOURCE)
    i = (step * 8) % 88
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), tr.resets, repr(float(tf.norm(MOM))))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "resets": tr.resets}))
