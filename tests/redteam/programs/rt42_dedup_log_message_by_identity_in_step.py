"""A log-spam filter inside the step: the caller passes a status message and the step
prints it only when it is not the message it printed last (`if msg is not
self.last_msg`), an identity shortcut that is correct for the caller's pre-built
message table.  For 12 steps the caller passes entries of its table (the same object
while the phase lasts: one print per phase change); from step 12 it builds the message
with an f-string each call (a new equal str each time, so eagerly every call prints).
The step's own print order (status line, then a loss line) is the observable output.
janus guards strs by value; the `is` test and the stored object must follow the
caller's objects."""
import random

import numpy

random.seed(181)
numpy.random.seed(181)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4381)
rng = np.random.default_rng(4381)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * -0.6 + XS[:, 3:4]).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
TABLE = {0: "phase 0: warmup", 1: "phase 1: main", 2: "phase 2: cooldown"}


class Trainer:
    def __init__(self):
        self.last_msg = None
        self.printed = 0

    def step(self, x, y, msg):
        if msg is not self.last_msg:
            print("STATUS", msg)
            self.printed += 1
            self.last_msg = msg
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y))
        W.assign_sub(0.05 * tape.gradient(loss, W))
        return loss


tr = Trainer()
for step in range(30):
    phase = 0 if step < 6 else (1 if step < 20 else 2)
    msg = TABLE[phase] if step < 12 else f"phase {phase}: {TABLE[phase][9:]}"
    i = (step * 8) % 88
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), msg)
    print(step, repr(float(loss)), tr.printed)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "printed": tr.printed}))
