"""Logging code that formats `.numpy()` values directly: `loss.numpy()` is a numpy
float32 scalar (repr `np.float32(...)` in numpy 2), `g.numpy()[0, 0]` an element of an
array, `loss.numpy() * 2` numpy arithmetic (NEP 50 keeps float32), `str()` of them
(shortest float32 digits, unlike float()), `%s`/`%r` formatting, an f-string with a
spec, and a list of them printed whole (list repr calls each item's repr).  From step
12 the step also keeps `self.best_np = min(...)` over numpy scalars.  janus hands
`.numpy()` of graph values back as ndarrays made after the graph: each print must
be what eager prints for a numpy scalar."""
import random

import numpy

random.seed(82)
numpy.random.seed(82)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4282)
rng = np.random.default_rng(4282)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.3 + 0.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)


class Trainer:
    def __init__(self):
        self.best_np = None
        self.track = False

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y))
        g = tape.gradient(loss, W)
        W.assign_sub(0.1 * g)
        ln = loss.numpy()
        g00 = g.numpy()[0, 0]
        dbl = ln * 2
        print("np", repr(ln), str(ln), "%s|%r" % (ln, g00), f"{dbl:.4e}", [ln, g00])
        if self.track:
            self.best_np = ln if self.best_np is None else min(self.best_np, ln)
        return loss


tr = Trainer()
for step in range(30):
    if step == 12:
        tr.track = True
    i = (step * 8) % 88
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(tr.best_np))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "best": repr(tr.best_np)}))
