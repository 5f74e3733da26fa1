"""The right side of `+=` is the list itself or a view of it: `self.h += self.h` (CPython
copies before extending: the list doubles, each float object now appears twice, so
`h[0] is h[n]`), `self.h += reversed(self.h)` (a live reverse iterator over the list
being extended: it walks down from the old end while the list grows, giving the
palindrome), and `self.g += self.g[::-2]`.  Which of the three runs is chosen by the
Python step counter; the step then reads `self.h[len(self.h) // 2]` and identity of
mirrored items and uses `sum(self.h[-2:])` as a loss-weight term for the next call.
The loop trims both lists between steps (slice delete, and `clear()` at step 21, a slice assignment of g).
Probes: self-referential `+=` right-hand sides."""
import random

import numpy

random.seed(4810)
numpy.random.seed(4810)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4810)
rng = np.random.default_rng(4810)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - 0.5).astype(np.float32)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="elu"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.h = [0.25]
        self.g = [1, 2, 3]
        self.w = 1.0

    def train_step(self, x, y, step):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y)) * self.w
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        v = float(loss)
        self.h += [v]
        n = len(self.h)
        if step % 3 == 0:
            self.h += self.h
        elif step % 3 == 1:
            self.h += reversed(self.h)
        else:
            self.g += self.g[::-2]
        mirrored = self.h[0] is self.h[-1]
        mid = self.h[len(self.h) // 2]
        self.w = 1.0 + 0.1 * min(sum(self.h[-2:]), 1.0)
        return loss, n, mirrored, mid


tr = Trainer()
for step in range(30):
    if step == 21:
        tr.h.clear()
        tr.g[:] = [7, 8, 9]
    i = (step * 8) % 56
    loss, n, mirrored, mid = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), n, len(tr.h), mirrored, repr(mid), [repr(v) for v in tr.h[-3:]], tr.g[-4:], repr(tr.w))
    del tr.h[:-3]
    if len(tr.g) > 6:
        del tr.g[:-3]

print(json.dumps({"h": [repr(v) for v in tr.h], "g": tr.g, "w": repr(tr.w),
                  "k": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
