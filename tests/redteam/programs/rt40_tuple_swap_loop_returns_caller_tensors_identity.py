"""Two caller tensors (a student batch and a teacher batch) are put in a tuple and swapped
`pair = (pair[1], pair[0])` a data-decided number of times in `for k in tf.range(m)`
(m = 0..3 from the batch); no new tensors are made in the body.  After the loop the step
trains on `pair[0]` as input, and records `pair[0] is xa` / `pair[1] is xb` in a list;
the outer loop also checks the returned tensor against the batch it passed.  Eagerly the
objects after the loop are the caller's own (which one depends on the parity of m).
Probes: identity of tensors carried through a loop on a tensor without being computed."""
import random

import numpy

random.seed(64)
numpy.random.seed(64)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4025)
rng = np.random.default_rng(4025)
XA = rng.normal(size=(96, 3)).astype(np.float32)
XB = (XA * 0.5 + rng.normal(size=(96, 3)) * 0.1).astype(np.float32)
YS = (XA[:, :1] * 0.7).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
SAME = []


def train_step(xa, xb, y):
    m = tf.reduce_sum(tf.cast(y[:, 0] > 0.3, tf.int32)) % 4
    pair = (xa, xb)
    for k in tf.range(m):
        pair = (pair[1], pair[0])
    SAME.append((pair[0] is xa, pair[1] is xb))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(pair[0] @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    return loss, m, pair[0]


for step in range(30):
    i = (step * 8) % 96
    xa, xb = tf.constant(XA[i:i + 8]), tf.constant(XB[i:i + 8])
    loss, m, first = train_step(xa, xb, tf.constant(YS[i:i + 8]))
    print(step, int(m), repr(float(loss)), SAME[-1], first is xa, first is xb)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
