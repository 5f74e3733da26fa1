"""A fixed-point refinement written as `while True:` with a tensor `break` (stop when the
update is small) and a Python-int iteration counter with a hard cap (`if it >= 6:
break`).  After the loop the step builds a progress string from the counter
(`"it=" + str(it) + "/" + str(6 - it)`), a zero-padded f-string `f"{it:02d}"`, stores both in a
list attribute and prints them; the tolerance is an attribute halved at step 12.
Probes: `while True` with exits decided by a tensor and by a carried Python int, and
str operations on a Python int the loop computes."""
import random

import numpy

random.seed(82)
numpy.random.seed(82)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4042)
rng = np.random.default_rng(4042)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (np.tanh(XS[:, 1:2] * 0.6)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.3)
U = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Trainer:
    def __init__(self):
        self.tol = 0.05
        self.bars = []

    def step(self, x, y):
        with tf.GradientTape() as tape:
            h = tf.zeros_like(x)
            it = 0
            while True:
                new = tf.tanh(h @ W + x)
                delta = tf.reduce_max(tf.abs(new - h))
                h = new
                it += 1
                if delta < self.tol:
                    break
                if it >= 6:
                    break
            loss = tf.reduce_mean(tf.square(h @ U - y))
        grads = tape.gradient(loss, [W, U])
        OPT.apply_gradients(zip(grads, [W, U]))
        bar = "it=" + str(it) + "/" + str(6 - it)
        self.bars.append(f"{it:02d}")
        print("  ", bar, self.bars[-1])
        return loss, it


tr = Trainer()
for step in range(30):
    if step == 12:
        tr.tol = 0.01
    i = (step * 8) % 96
    loss, it = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), it, type(it).__name__)

print("W", repr(float(tf.reduce_sum(W))), "U", repr(float(tf.reduce_sum(U))), tr.bars[-5:])
