"""Probes the table pick at an index the graph computes (`self.rates[k]`, k a carried
counter modulo the table's length) when the step itself then replaces the table: after
using the picked rate it rotates the tuple held in the attribute
(`self.rates = self.rates[1:] + self.rates[:1]`, same float objects, other positions) and
stores the picked float in `self.last_lr` and in a history.  Eager stores the very object that
sat at position k *before* the rotation.  soundness/coverage say a picked item stored or
returned "is the table's own object, the program's list read again after the call": if
that read happens after the commit replayed the rotation, position k holds another
float, and the stored rate (value and identity) differs.  The loop replaces the tuple by
one with another float at step 13 and resets the counter at step 25."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2206)
np.random.seed(2206)
keras.utils.set_random_seed(2206)
rng = np.random.default_rng(2206)

XS = rng.normal(size=(90, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 2)) * 0.5).astype(np.float32)


class Trainer:
    def __init__(self):
        self.w = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.1)
        self.b = tf.Variable(np.zeros(2, np.float32))
        self.rates = (0.05, 0.02, 0.035)
        self.count = 0
        self.last_lr = None
        self.history = []

    def train_step(self, x, y):
        k = self.count % 3
        lr = self.rates[k]
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w + self.b - y))
        gw, gb = tape.gradient(loss, [self.w, self.b])
        self.w.assign_sub(lr * gw)
        self.b.assign_sub(lr * gb)
        self.rates = self.rates[1:] + self.rates[:1]
        self.last_lr = lr
        self.history.append(lr)
        self.count += 1
        return loss, lr


tr = Trainer()
for step in range(36):
    if step == 13:
        tr.rates = (tr.rates[0], 0.0125, tr.rates[2])
    if step == 25:
        tr.count = 0
    i = (step * 10) % 80
    loss, lr = tr.train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), repr(lr), repr(tr.last_lr), tr.rates,
          [r is tr.last_lr for r in tr.rates], lr is tr.last_lr)

print(json.dumps({
    "w": [repr(float(v)) for v in tr.w.numpy().ravel()],
    "b": [repr(float(v)) for v in tr.b.numpy().ravel()],
    "count": tr.count,
    "history": [repr(v) for v in tr.history],
}))
