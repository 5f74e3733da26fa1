"""Replay de-duplication written naively: the step checks `x in RECENT` where RECENT is
the caller's list of recently used batch tensors (and `lossval in SEEN_LOSSES`, a list
of scalar tensors).  Python's `in` tries identity first, then `==`; a tf.Tensor's `==`
is elementwise, so for a (8, 4) batch the first non-identical entry raises ValueError
(ambiguous truth value), which the step catches and counts, while a scalar tensor
compares by value.  The loop sometimes passes a batch object that is in RECENT at the
front, sometimes behind another one, sometimes absent.  Probes: `in` over lists of
tensors (identity short-cut, elementwise `==`, truth of the result)."""
import random

import numpy

random.seed(43)
numpy.random.seed(43)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4135)
rng = np.random.default_rng(4135)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 0.8).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
RECENT = []
SEEN = [tf.constant(1.0), tf.constant(0.5)]


class Stats:
    dup = 0
    ambiguous = 0
    seen_hits = 0


ST = Stats()


def train_step(x, y, tag):
    try:
        if x in RECENT:
            ST.dup += 1
    except ValueError:
        ST.ambiguous += 1
    if tag in SEEN:
        ST.seen_hits += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


BATCHES = [tf.constant(XS[i:i + 8]) for i in range(0, 64, 8)]
for step in range(36):
    k = step % 8
    x = BATCHES[k]
    mode = step % 3
    if mode == 0:
        RECENT[:] = [x]
    elif mode == 1:
        RECENT[:] = [BATCHES[(k + 1) % 8], x]
    else:
        RECENT[:] = []
    tag = tf.constant(0.5 if step % 4 == 0 else 0.25)
    loss = train_step(x, tf.constant(YS[k * 8:k * 8 + 8]), tag)
    print(step, mode, repr(float(loss)), ST.dup, ST.ambiguous, ST.seen_hits)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
