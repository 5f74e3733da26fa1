"""Probes bisect over a program list with an x the graph computes from data: the step
bins its own loss, `b = bisect.bisect_left(BINS, float(loss) * SCALE)`, and uses the bin
to pick a per-bin loss weight from a table (`WEIGHTS[b]`) for the *next* step's
regularizer, stored in `self.bin`.  BINS holds ints and floats (an int 1 next to float
boundaries: the comparison must be Python's exact int-vs-float one, and bisect_left
puts an x equal to a boundary left of it).  The loop edits BINS in place: at step 10 it
inserts a boundary with bisect.insort, at step 19 it replaces one item by an equal int
(2.0 -> 2: equal value, other type), at step 27 it deletes one, and it
also doubles SCALE at step 33.  A host bisect fed a stale copy of BINS, or one that
compared in float32, would pick other bins and weights."""
import bisect
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2205)
np.random.seed(2205)
keras.utils.set_random_seed(2205)
rng = np.random.default_rng(2205)

XS = rng.normal(size=(120, 5)).astype(np.float32)
YS = (np.abs(XS[:, :1]) * 2.0 + XS[:, 1:2]).astype(np.float32)
BINS = [0.1, 0.25, 0.5, 1, 2.0, 4.0]
WEIGHTS = [0.0, 0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.128]
SCALE = 1.0


class Trainer:
    def __init__(self):
        self.w1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.5)
        self.w2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.5)
        self.opt = keras.optimizers.Adam(learning_rate=0.03)
        self.bin = 0
        self.history = []

    def train_step(self, x, y):
        reg = WEIGHTS[self.bin]
        with tf.GradientTape() as tape:
            pred = tf.nn.elu(x @ self.w1) @ self.w2
            mse = tf.reduce_mean(tf.square(pred - y))
            loss = mse + reg * tf.reduce_sum(tf.square(self.w1))
        grads = tape.gradient(loss, [self.w1, self.w2])
        self.opt.apply_gradients(zip(grads, [self.w1, self.w2]))
        b = bisect.bisect_left(BINS, float(mse) * SCALE)
        self.bin = b
        self.history.append(b)
        return loss, reg


tr = Trainer()
for step in range(40):
    if step == 10:
        bisect.insort(BINS, 0.75)
    if step == 19:
        BINS[BINS.index(2.0)] = 2
    if step == 27:
        del BINS[1]
    if step == 33:
        SCALE = 2.0
    i = (step * 12) % 108
    loss, reg = tr.train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), tr.bin, repr(reg), BINS)

print(json.dumps({
    "w1": [repr(float(v)) for v in tr.w1.numpy().ravel()[:10]],
    "w2": [repr(float(v)) for v in tr.w2.numpy().ravel()],
    "iterations": int(tr.opt.iterations.numpy()),
    "history": tr.history,
}))
