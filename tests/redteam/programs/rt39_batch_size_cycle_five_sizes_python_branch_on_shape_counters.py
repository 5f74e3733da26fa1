"""Batches come in five sizes (8, 6, 3, 5, 2 in an irregular cycle, like the tails of
several shards).  The step branches in Python on the static batch size read from the
tensor (`n = x.shape[0]`; `if n < FULL:` reweights the loss by n / FULL and counts the
short batch in an attribute, `elif` ... ) and keeps a running sample count
`S.seen += n` and a list-free histogram in attributes (`S.small`, `S.full`).  It also
uses `len(x)` and `tf.shape(x)[0]` in the loss.  Janus relaxes a dimension after more
than three sizes, so the Python decision on `n` later depends on a number the graph
carries.  Probes: Python branches and counters on the batch size across relaxation."""
import random

import numpy

random.seed(3942)
numpy.random.seed(3942)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3942)
rng = np.random.default_rng(3942)
XS = rng.normal(size=(200, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.Adam(0.02)
FULL = 8
SIZES = [8, 6, 8, 3, 8, 5, 2, 8, 8, 6, 3, 8, 5, 8, 2, 6, 8, 3, 5, 8, 8, 2, 6, 3, 8, 5, 8, 6, 2, 8]


class S:
    seen = 0
    small = 0
    tiny = 0
    full = 0


def train_step(x, y):
    n = x.shape[0]
    with tf.GradientTape() as tape:
        per = tf.reduce_sum(tf.square(x @ W - y)) / tf.cast(tf.shape(x)[0], tf.float32)
        if n < FULL:
            if n <= 3:
                S.tiny += 1
                scale = 0.25
            else:
                scale = n / FULL
            S.small += 1
        else:
            S.full += 1
            scale = 1.0
        loss = per * scale
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    S.seen += len(x)
    return loss, scale, n


pos = 0
for step, b in enumerate(SIZES):
    x, y = XS[pos:pos + b], YS[pos:pos + b]
    pos = (pos + b) % 180
    loss, scale, n = train_step(tf.constant(x), tf.constant(y))
    print(step, b, repr(float(loss)), repr(scale), type(scale).__name__, n, type(n).__name__,
          S.seen, S.small, S.tiny, S.full)

print("W", W.numpy().ravel().tolist())
print("S", S.seen, S.small, S.tiny, S.full)
