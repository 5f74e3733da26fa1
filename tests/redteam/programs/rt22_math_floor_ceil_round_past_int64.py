"""Probes Python's int results of float rounding functions on a float the graph carries.
A dynamic loss-scale style factor `self.scale` is multiplied by 1e3 at every call (and
divided back at step 20 by the loop); the step records `math.floor(scale)`,
`math.ceil(scale / 3)`, `math.trunc(-scale / 7)`, `round(scale * 0.5)` and
`divmod(scale, 1e9)[0]` into a Python list and uses `floor % 7` (a Python int, exact at
any size) to choose a per-bucket weight.  Once scale passes 2**63 (the 7th call) these
are Python ints beyond int64 whose exact values depend on the float's bits; CPython
computes them exactly.  A graph that produced them as int64 (wrapping, saturating) or
through float64 would print other ints and pick other buckets; one that sent such calls
to the interpreter would agree."""
import json
import math
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2212)
np.random.seed(2212)
keras.utils.set_random_seed(2212)
rng = np.random.default_rng(2212)

XS = rng.normal(size=(60, 3)).astype(np.float32)
YS = (XS @ np.array([[0.3], [-0.7], [1.1]], np.float32)).astype(np.float32)
BUCKET_W = [1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4]


class Trainer:
    def __init__(self):
        self.w = tf.Variable(np.zeros((3, 1), np.float32))
        self.opt = keras.optimizers.SGD(learning_rate=0.1)
        self.scale = 1.7
        self.ints = []

    def train_step(self, x, y):
        scale = self.scale
        fl = math.floor(scale)
        ce = math.ceil(scale / 3)
        tr = math.trunc(-scale / 7)
        rd = round(scale * 0.5)
        q = divmod(scale, 1e9)[0]
        bw = BUCKET_W[fl % 7]
        with tf.GradientTape() as tape:
            loss = bw * tf.reduce_mean(tf.square(x @ self.w - y))
        grads = tape.gradient(loss, [self.w])
        self.opt.apply_gradients(zip(grads, [self.w]))
        self.ints.append((fl, ce, tr, rd))
        self.scale = scale * 1e3
        return loss, fl, ce, tr, rd, q


t = Trainer()
for step in range(32):
    if step == 20:
        t.scale = t.scale / 1e45
    i = (step * 10) % 50
    loss, fl, ce, tr, rd, q = t.train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), fl, ce, tr, rd, repr(q), fl % 7, repr(t.scale))

print(json.dumps({
    "w": [repr(float(v)) for v in t.w.numpy().ravel()],
    "iterations": int(t.opt.iterations.numpy()),
    "ints": [list(map(str, r)) for r in t.ints[-3:]],
}))
