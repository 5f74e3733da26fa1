"""A helper scans the per-row errors with `for i in tf.range(n)` and `return i` (an int32
tensor) at the first row above a threshold; if none is found it falls off the loop and
returns the Python int -1.  The step calls it, stores the result in `self.last_bad`, and
branches in Python on `isinstance(bad, int)` to count clean batches; the outer loop
prints `type(tr.last_bad).__name__` and its value.  The threshold attribute drops at
step 14.  Probes: a `return` inside a loop on a tensor whose value has another Python
type than the fall-through return after the loop."""
import random

import numpy

random.seed(67)
numpy.random.seed(67)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4028)
rng = np.random.default_rng(4028)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.9 + 0.4 * XS[:, 1:2] ** 2).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def first_bad(err, thr):
    for i in tf.range(tf.shape(err)[0]):
        if err[i] > thr:
            return i
    return -1


class Trainer:
    def __init__(self):
        self.thr = 2.0
        self.clean = 0
        self.last_bad = None

    def step(self, x, y):
        with tf.GradientTape() as tape:
            err = tf.square(x @ W - y)[:, 0]
            loss = tf.reduce_mean(err)
        grads = tape.gradient(loss, [W])
        OPT.apply_gradients(zip(grads, [W]))
        bad = first_bad(err, self.thr)
        if isinstance(bad, int):
            self.clean += 1
        self.last_bad = bad
        return loss


tr = Trainer()
for step in range(32):
    if step == 14:
        tr.thr = 0.5
    i = (step * 8) % 96
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), type(tr.last_bad).__name__, int(tr.last_bad), tr.clean)

print("final", tr.clean, repr(float(tf.reduce_sum(W))))
