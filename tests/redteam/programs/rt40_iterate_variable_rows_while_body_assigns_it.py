"""A memory bank kept in a tf.Variable MEM (6 rows) is scanned with `for row in MEM:`
(eagerly the iteration runs over a snapshot of the variable's value taken when the loop
starts); the body decays the whole bank with `MEM.assign(MEM * 0.5 + ...)` after
reading each row, accumulates the rows it saw, and `break`s when a row's similarity to
the batch mean exceeds a threshold (a tensor test), so the number of iterations is
data-decided.  The step then trains a projection on the accumulated memory.  Prints the
loss, the accumulated sum and the bank's sum.  Probes: iterating a tf.Variable in a loop
on a tensor whose body writes that variable (snapshot vs fresh reads)."""
import random

import numpy

random.seed(87)
numpy.random.seed(87)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4046)
rng = np.random.default_rng(4046)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.4).astype(np.float32)
MEM = tf.Variable(rng.normal(size=(6, 4)).astype(np.float32))
P = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)


def train_step(x, y):
    q = tf.reduce_mean(x, axis=0)
    acc = tf.zeros([4])
    for row in MEM:
        acc += row
        MEM.assign(MEM * 0.5 + 0.1 * q)
        if tf.reduce_sum(row * q) > 0.3:
            break
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square((x + 0.1 * acc) @ P - y))
    P.assign_sub(0.05 * tape.gradient(loss, P))
    return loss, acc


for step in range(30):
    i = (step * 8) % 96
    loss, acc = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(tf.reduce_sum(acc))), repr(float(tf.reduce_sum(MEM))))

print("P", [repr(float(v)) for v in P.numpy().ravel()])
