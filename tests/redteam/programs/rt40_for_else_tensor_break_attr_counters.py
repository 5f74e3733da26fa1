"""A step scans the batch with `for i in tf.range(n)` and `break`s at the first row whose
squared error exceeds a threshold (a tensor test); the loop's `else:` clause (run only
when no break happened) increments `self.clean` and prints a line, while code after the
loop increments `self.scans` and, through a Python `if` on a flag set before the break,
`self.broke`.  The threshold is a Python float attribute the outer loop lowers at step 12.
Probes: for/else on a loop on a tensor with a data-decided break, Python writes and prints
in the else clause versus after the loop."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4005)
rng = np.random.default_rng(4005)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.9 + 0.3 * XS[:, 1:2] ** 2).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Trainer:
    def __init__(self):
        self.thr = 2.5
        self.clean = 0
        self.scans = 0
        self.broke_at = []

    def step(self, x, y):
        with tf.GradientTape() as tape:
            err = tf.square(x @ W - y)[:, 0]
            loss = tf.reduce_mean(err)
        grads = tape.gradient(loss, [W])
        OPT.apply_gradients(zip(grads, [W]))
        where = tf.constant(-1)
        for i in tf.range(tf.shape(err)[0]):
            if err[i] > self.thr:
                where = i
                break
        else:
            self.clean += 1
            print("  clean batch", self.clean)
        self.scans += 1
        return loss, where


tr = Trainer()
for step in range(32):
    if step == 12:
        tr.thr = 0.8
    i = (step * 8) % 96
    loss, where = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(where), tr.clean, tr.scans)

print("final", tr.clean, tr.scans, repr(float(tf.reduce_sum(W))))
