"""A step alternates two learning-rate multipliers through a `for i in tf.range(n)`
loop by swapping them (`lo, hi = hi, lo`), where lo and hi start as the program's
global float objects LO and HI; after the loop it checks `lo is LO` (eagerly True
after an even number of swaps, n == 0 included, since swapping moves the very
objects) and uses `lo` as the loss scale.  n varies per step.  The loop prints the
step's answers.  Probes: identity of Python floats swapped through a tensor loop."""
import random

import numpy

random.seed(47)
numpy.random.seed(47)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4139)
rng = np.random.default_rng(4139)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 3:4] * 0.8).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
LO = float(np.float32(0.5))
HI = float(np.float32(0.5))


class Log:
    same_as_lo = 0


LOG = Log()


def train_step(x, y, n):
    lo, hi = LO, HI
    for i in tf.range(n):
        lo, hi = hi, lo
    if lo is LO:
        LOG.same_as_lo += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * lo
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(32):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(step % 3))
    print(step, repr(float(loss)), LOG.same_as_lo)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
