"""Probes collections.deque.rotate(n) in the step with n a Python int the graph carries
(a counter the step increments, sometimes negative or larger than the deque).  CPython
rotates by n modulo len (right for n > 0, left for n < 0; a zero-length deque ignores
n) and the step then reads the head `LRS[0]` as the learning rate and the tail `LRS[-1]`
as a momentum-like mixing weight.  The counter moves by +3 per call and the loop sets
it to -7 at step 14 and to 1000003 at step 26; at step 20 it appends a new rate to the
deque (maxlen 5, so the oldest falls off).  A graph that rotated by a value fixed at
build time, or took n without Python's modulo semantics, would pick other rates."""
import collections
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2216)
np.random.seed(2216)
keras.utils.set_random_seed(2216)
rng = np.random.default_rng(2216)

XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS @ np.array([[0.2], [0.4], [-0.6], [0.8]], np.float32) + 0.1).astype(np.float32)
LRS = collections.deque([0.1, 0.05, 0.02, 0.01, 0.005], maxlen=5)


class Trainer:
    def __init__(self):
        self.w = tf.Variable(np.zeros((4, 1), np.float32))
        self.b = tf.Variable(np.zeros(1, np.float32))
        self.shift = 1
        self.picked = []

    def train_step(self, x, y):
        LRS.rotate(self.shift)
        lr = LRS[0]
        mix = LRS[-1]
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w + self.b - y))
        gw, gb = tape.gradient(loss, [self.w, self.b])
        self.w.assign_sub(lr * gw + mix * 0.1 * gw)
        self.b.assign_sub(lr * gb)
        self.shift += 3
        self.picked.append(lr)
        return loss, lr, mix


tr = Trainer()
for step in range(36):
    if step == 14:
        tr.shift = -7
    if step == 20:
        LRS.append(0.0025)
    if step == 26:
        tr.shift = 1000003
    i = (step * 10) % 70
    loss, lr, mix = tr.train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), repr(lr), repr(mix), tr.shift, list(LRS))

print(json.dumps({
    "w": [repr(float(v)) for v in tr.w.numpy().ravel()],
    "b": [repr(float(v)) for v in tr.b.numpy().ravel()],
    "shift": tr.shift, "lrs": list(LRS), "picked": tr.picked[-5:],
}))
