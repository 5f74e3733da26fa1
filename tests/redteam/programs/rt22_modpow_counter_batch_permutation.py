"""Probes three-argument pow() on Python ints the graph carries.  The step picks its
batch offset from a multiplicative permutation, `j = pow(G, self.k, P)` (P prime, so the
walk visits every residue), as data loaders that avoid storing a shuffled index do; the
counter k goes up by one per call and the loop jumps it to 2**40 + 3 at step 14 and the
generator G to a large odd int (beyond 2**32) at step 22, where G**k overflows any fixed
width long before the modulo, and pow(G, -1, P) (a modular inverse, Python 3.8+) is used
from step 28 on for a second index.  CPython computes all of these exactly.  A graph that
computed G**k % P in int64 or float64 would pick other batch rows (printed) and train on
other data."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2220)
np.random.seed(2220)
keras.utils.set_random_seed(2220)
rng = np.random.default_rng(2220)

P = 97
XS = rng.normal(size=(P, 4)).astype(np.float32)
YS = (XS @ np.array([[0.7], [-0.2], [0.1], [0.9]], np.float32)).astype(np.float32)
XT = tf.constant(XS)
YT = tf.constant(YS)


class Loader:
    G = 5
    inverse = False

    def __init__(self):
        self.k = 1
        self.w = tf.Variable(np.zeros((4, 1), np.float32))
        self.opt = keras.optimizers.SGD(learning_rate=0.05)

    def train_step(self):
        j = pow(self.G, self.k, P)
        j2 = pow(self.G, -1, P) if self.inverse else (j * 3) % P
        idx = tf.constant([0, 1, 2, 3, 4, 5], tf.int64)
        rows = (idx * 7 + j) % P
        rows2 = (idx * 11 + j2) % P
        x = tf.concat([tf.gather(XT, rows), tf.gather(XT, rows2)], 0)
        y = tf.concat([tf.gather(YT, rows), tf.gather(YT, rows2)], 0)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w - y))
        grads = tape.gradient(loss, [self.w])
        self.opt.apply_gradients(zip(grads, [self.w]))
        self.k += 1
        return loss, j, j2


ld = Loader()
for step in range(34):
    if step == 14:
        ld.k = 2 ** 40 + 3
    if step == 22:
        Loader.G = 2 ** 33 + 17
    if step == 28:
        Loader.inverse = True
    loss, j, j2 = ld.train_step()
    print(step, repr(float(loss)), j, j2, ld.k)

print(json.dumps({
    "w": [repr(float(v)) for v in ld.w.numpy().ravel()],
    "iterations": int(ld.opt.iterations.numpy()),
    "k": ld.k,
}))
