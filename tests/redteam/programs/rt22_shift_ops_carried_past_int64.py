"""Probes << and >> on Python ints the graph carries.  CPython ints never overflow:
`(1 << k) >> (k - 2)` is 4 for every k >= 2, `-1 >> k` is -1 for any k, and
`(self.tag << 3) % 251` of a tag near 2**61 is exact (the shift goes past 2**63 before
the modulo, which a wrapped int64 would get wrong), as is the tag's own update
`(tag << 2) % (2**61 - 1)`.  The step shifts by a
counter k that grows by 4 per call from 48 (so 1 << k passes 2**63 at the 5th call) and
uses the results as loss weights and to pick feature masks (`(bits >> j) & 1`).  The
loop jumps k back to 10 at step 16 and sets tag to a large negative number at step 24
(Python's arithmetic shift of negative ints floors, % gives a non-negative result).  A graph that shifted in int64 (1 << 63
wraps to -2**63, shifts by 64 or more are undefined in C and TF) without a check would
produce other weights and masks; one that checked would hand those calls to the
interpreter."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2221)
np.random.seed(2221)
keras.utils.set_random_seed(2221)
rng = np.random.default_rng(2221)

XS = rng.normal(size=(70, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [0.5], [-1.0], [0.25]], np.float32)).astype(np.float32)


class Trainer:
    def __init__(self):
        self.w = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.k = 48
        self.tag = 2 ** 60 + 5

    def train_step(self, x, y):
        k = self.k
        four = (1 << k) >> (k - 2)
        neg = -1 >> k
        bits = ((self.tag << 3) % 251) & 0xF
        m = [float((bits >> j) & 1) for j in range(4)]
        mask = tf.constant([1.0, 1.0, 1.0, 1.0]) * 0.5 + tf.stack(m) * 0.5
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square((x * mask) @ self.w - y)) * (four / 4.0) * (1.0 - 0.1 * neg)
        grads = tape.gradient(loss, [self.w])
        self.opt.apply_gradients(zip(grads, [self.w]))
        self.k = k + 4
        self.tag = (self.tag << 2) % (2 ** 61 - 1)
        return loss, four, neg, bits


tr = Trainer()
for step in range(34):
    if step == 16:
        tr.k = 10
    if step == 24:
        tr.tag = -(2 ** 60) - 7
    i = (step * 10) % 60
    loss, four, neg, bits = tr.train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), four, neg, bits, tr.k, tr.tag.bit_length())

print(json.dumps({
    "w": [repr(float(v)) for v in tr.w.numpy().ravel()],
    "iterations": int(tr.opt.iterations.numpy()),
    "k": tr.k, "tag": str(tr.tag),
}))
