"""reversed() of a deque whose items the loop body overwrites ahead of the iterator.

A deque item write (`dq[i] = v`) does not bump CPython's deque state, so iterators
over the deque go on and read the slot where they reach it: an item written ahead of the
iterator is seen with its new value.  The step walks a deque of per-batch priorities
newest-first (`for j, p in enumerate(reversed(self.prio))`), weights each batch loss by
the priority it reads, and propagates a decayed share of the current priority to the
NEXT item it will visit (`self.prio[k - 1] = 0.5 * (self.prio[k - 1] + p)`).  So every
item after the first is read after being rewritten in the same call.  The loop appends
a fresh priority every 5 steps (the deque has a maxlen) and halves the oldest every 7.
A graph that iterates the items the deque held when the loop began uses stale priorities,
and the loss and the stored priorities diverge at once.
"""
import json
import random
from collections import deque

import keras
import numpy as np
import tensorflow as tf

random.seed(71)
np.random.seed(71)
keras.utils.set_random_seed(71)

rng = np.random.default_rng(71)
X = tf.constant(rng.normal(size=(64, 4)).astype(np.float32))
Y = tf.constant(rng.normal(size=(64, 1)).astype(np.float32))

W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.Adam(learning_rate=0.02)


class Prio:
    def __init__(self):
        self.prio = deque([1.0, 0.5, 2.0, 1.5], maxlen=5)


PR = Prio()


def train_step():
    read = []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        n = len(PR.prio)
        for j, p in enumerate(reversed(PR.prio)):
            read.append(p)
            o = 8 * j
            loss = loss + p * tf.reduce_mean(tf.square(X[o:o + 8] @ W - Y[o:o + 8]))
            k = n - 1 - j
            if k >= 1:
                PR.prio[k - 1] = 0.5 * (PR.prio[k - 1] + p)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, read


for step in range(36):
    if step % 5 == 4:
        PR.prio.append(1.0 + 0.25 * (step % 3))
    if step % 7 == 6:
        PR.prio[0] = PR.prio[0] * 0.5
    loss, read = train_step()
    print(step, repr(float(loss)), [repr(v) for v in read], [repr(v) for v in PR.prio])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "prio": [repr(v) for v in PR.prio],
}))
