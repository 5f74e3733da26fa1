"""Hard-example mining: the step gets two caller batches (xa, xb), computes their losses,
and picks the harder one with a conditional expression on a tensor comparison
(`hard = xa if la > lb else xb`).  It stores the picked tensor on a tracker, checks
a count of `hard is k` over KEEP (a program list of tensors the loop appends to between
calls), `hard is xa`, and `hard is T.prev` (the previous call's pick,
which the loop passes again as xb every third call), and returns the pick.  Every fifth
call the loop passes one tensor as both xa and xb.  Probes: identity of caller
tensors through a conditional expression on a tensor, with aliasing that changes."""
import random

import numpy

random.seed(3927)
numpy.random.seed(3927)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3927)
rng = np.random.default_rng(3927)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)
BATCHES = [tf.constant(XS[i:i + 8]) for i in range(0, 64, 8)]
TARGET = tf.constant(np.tanh(XS[:8] @ np.ones((4, 1), np.float32)))
SEEN = set()
KEEP = []


class Tracker:
    prev = None
    hits = 0
    same = 0


T = Tracker()


def train_step(xa, xb):
    with tf.GradientTape() as tape:
        la = tf.reduce_mean(tf.square(xa @ W - TARGET))
        lb = tf.reduce_mean(tf.square(xb @ W - TARGET))
        loss = la + lb
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    hard = xa if la > lb else xb
    seen = 0
    for k in KEEP:
        if hard is k:
            seen += 1
    if hard is T.prev:
        T.same += 1
    T.prev = hard
    return loss, hard, seen, hard is xa


for step in range(30):
    xa = BATCHES[step % 8]
    if step % 5 == 4:
        xb = xa
    elif step % 3 == 2 and T.prev is not None:
        xb = T.prev
    else:
        xb = BATCHES[(step * 3 + 1) % 8]
    if step % 4 == 0:
        SEEN.add(xa.ref())
        KEEP.append(xa)
    loss, hard, seen, is_a = train_step(xa, xb)
    print(step, repr(float(loss)), seen, is_a, hard is xa, hard is xb, T.prev is hard,
          T.same, [k for k, b in enumerate(BATCHES) if b is hard])

print("W", W.numpy().ravel().tolist())
print("T", T.same, T.prev is BATCHES[0], len(SEEN))
