"""An exhausted list iterator stays exhausted in CPython: when a list iterator runs off
the end it drops its list (it_seq = NULL), so items appended to the list afterwards are
never produced by it, while a fresh iterator would see them.

The step keeps a queue of "hard" batch offsets (self.pending).  It makes one iterator
over the queue, drains it with a for loop (training on each hard batch), then appends the
offset of the current batch when its loss is above a Python threshold read before the
tape (a float the step computed at the previous call), and runs a second for loop over
the SAME iterator "to pick up what was just added".  In CPython that second loop runs
zero times.  The step then moves the item it appended to a "kept" list (so the queue is the
same at every call); at step 18 the loop adds one more pending offset.  A graph
that models the iterator as "an index into the list as the call changed it" would find
the appended item in the second loop and add one more loss term, changing the loss, the
weights, and the count of extra batches.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(5)
np.random.seed(5)
keras.utils.set_random_seed(5)

rng = np.random.default_rng(5)
X = tf.constant(rng.normal(size=(80, 6)).astype(np.float32))
Y = tf.constant(rng.normal(size=(80, 1)).astype(np.float32))


class HardMiner:
    def __init__(self):
        self.w = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.2)
        self.opt = keras.optimizers.SGD(learning_rate=0.02)
        self.pending = [8, 24]
        self.extra = 0
        self.kept = []
        self.threshold = "high"

    def batch_loss(self, o):
        return tf.reduce_mean(tf.square(X[o:o + 8] @ self.w - Y[o:o + 8]))

    def train_step(self, o):
        drained = []
        with tf.GradientTape() as tape:
            loss = self.batch_loss(o)
            it = iter(self.pending)
            for h in it:
                drained.append(h)
                loss = loss + 0.5 * self.batch_loss(h)
            if self.threshold == "low":
                self.pending.append((o + 40) % 72)
            for h in it:
                self.extra += 1
                drained.append(-h)
                loss = loss + 0.25 * self.batch_loss(h)
            if self.threshold == "low":
                self.kept.append(self.pending.pop())
        grads = tape.gradient(loss, [self.w])
        self.opt.apply_gradients(zip(grads, [self.w]))
        return loss, drained


m = HardMiner()
for step in range(36):
    m.threshold = "low" if step % 3 == 0 else "high"
    if step == 18:
        m.pending.append(56)
    o = (step * 8) % 72
    loss, drained = m.train_step(o)
    print(step, m.threshold, repr(float(loss)), drained, list(m.pending), m.extra)

print(json.dumps({
    "w": [repr(float(v)) for v in m.w.numpy().ravel()],
    "iterations": int(m.opt.iterations.numpy()),
    "pending": m.pending,
    "extra": m.extra,
    "kept": m.kept,
}))
