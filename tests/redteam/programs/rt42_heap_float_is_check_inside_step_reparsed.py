"""An LR-change detector inside the step compares two heap values by identity:
`if LR is not self.lr_seen:` (the global against what the trainer stored last call),
counting changes and storing `self.lr_seen = LR`.  The loop re-parses the global from
its config text each step for 12 steps (a new equal float each time: eagerly a change
every call), then stops.  Unlike an argument, both operands are read from the program's
state.  janus must answer `is` between two guarded floats from the objects they are at
each call."""
import random

import numpy

random.seed(124)
numpy.random.seed(124)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4324)
rng = np.random.default_rng(4324)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 1:2] - XS[:, 2:3]).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
TEXT = "0.04"
LR = float(TEXT)


class Trainer:
    def __init__(self):
        self.lr_seen = None
        self.changes = 0

    def step(self, x, y):
        if LR is not self.lr_seen:
            self.changes += 1
            self.lr_seen = LR
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y))
        W.assign_sub(LR * tape.gradient(loss, W))
        return loss


tr = Trainer()
for step in range(30):
    if step < 12:
        LR = float(TEXT)
    i = (step * 8) % 88
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), tr.changes, tr.lr_seen is LR)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "changes": tr.changes}))
