"""The step uses `contextlib.ExitStack` to register cleanup callbacks: a log entry is
appended via `stack.callback(LOG.append, ...)` and a counter bumped through another
callback; the callbacks run (in LIFO order) when the `with` block exits, after the
update.  From step 12 the step also registers a callback that records the loss value
(a Python float) only on even calls (a Python counter on the trainer decides).  The
ExitStack is library code; janus must run its callbacks' effects once per call, in
ExitStack's order, not at build time."""
import random

import numpy

random.seed(54)
numpy.random.seed(54)

import contextlib
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4254)
rng = np.random.default_rng(4254)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 2:3] * 1.5).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
LOG = []
COUNT = {"n": 0}


def bump(key):
    COUNT[key] += 1


class Trainer:
    def __init__(self):
        self.calls = 0
        self.record_losses = False

    def step(self, x, y):
        self.calls += 1
        with contextlib.ExitStack() as stack:
            stack.callback(LOG.append, "enter")
            stack.callback(bump, "n")
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(x @ W - y))
            g = tape.gradient(loss, W)
            W.assign_sub(0.1 * g)
            if self.record_losses:
                stack.callback(LOG.append, round(float(loss), 4))
        LOG.append("exit")
        return loss


tr = Trainer()
for step in range(30):
    if step == 12:
        tr.record_losses = True
    i = (step * 8) % 88
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), COUNT["n"], LOG[-4:])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "n": COUNT["n"],
                  "log_len": len(LOG), "tail": LOG[-6:]}))
