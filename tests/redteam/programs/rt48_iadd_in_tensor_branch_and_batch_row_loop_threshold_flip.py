"""Conditional `+=` on histories inside a decision on a tensor: `if loss > self.thr:
self.high += [float(loss)] else: self.low += [self.n]`, and inside a Python `for i in
range(4)` over the batch rows `if per[i] > self.row_thr: self.flagged += [(self.n, i)]`
(a decision per row).  `self.n += 1` counts calls, `self.total += float(loss)`.  The
loop moves `thr` at steps 9 and 18 so the branch flips between always-one-side, mixed
and the other side, and changes `row_thr`; it also reads `len()`, the last items and
`sum(self.high)` back, and clears `flagged` at step 24.  Probes: deferred list extends
that only one arm of a branch on a tensor makes, with the seen side changing mid-run."""
import random

import numpy

random.seed(4815)
numpy.random.seed(4815)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4815)
rng = np.random.default_rng(4815)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.5 - XS[:, 1:2] + rng.normal(size=(64, 1)) * 0.3).astype(np.float32)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.03)
        self.high = []
        self.low = []
        self.flagged = []
        self.thr = 100.0
        self.row_thr = 100.0
        self.n = 0
        self.total = 0.0

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            per = tf.reduce_mean(tf.square(self.model(x) - y), axis=1)
            loss = tf.reduce_mean(per)
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        self.n += 1
        self.total += float(loss)
        if loss > self.thr:
            self.high += [float(loss)]
        else:
            self.low += [self.n]
        for i in range(4):
            if per[i] > self.row_thr:
                self.flagged += [(self.n, i)]
        return loss


tr = Trainer()
for step in range(30):
    if step == 9:
        tr.thr = 0.8
        tr.row_thr = 1.0
    if step == 18:
        tr.thr = -1.0
        tr.row_thr = 0.3
    if step == 24:
        tr.flagged.clear()
    i = (step * 4) % 60
    loss = tr.train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), tr.n, repr(tr.total), len(tr.high), len(tr.low), tr.low[-1:], repr(sum(tr.high)),
          tr.flagged[-2:], len(tr.flagged))

print(json.dumps({"high": [repr(v) for v in tr.high], "low": tr.low, "flagged": tr.flagged, "total": repr(tr.total),
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
