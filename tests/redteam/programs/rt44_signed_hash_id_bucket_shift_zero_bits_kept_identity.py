"""Feature-hash bookkeeping: every batch carries a signed 64-bit hash id (a varying
negative int, as a signed hash function gives) and the step derives its bucket key with
`h >> SHIFT_BITS` and stores it on a tracker, together with `h | 0` and `-(-h)`.  The
run starts with SHIFT_BITS = 0 (no bucketing), and CPython 3.13 returns a negative int
shifted right by zero bits as the very object it was given, which the caller checks with
`TR.key is h` to reuse its cached lookup; at step 16 SHIFT_BITS becomes 3.  Probes:
identity of large negative Python ints (arguments that vary per call) through `>>`,
`|` and double negation, stored on an object and compared by the caller."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4420)
rng = np.random.default_rng(4420)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, 2:3] * -0.6 + 0.2).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.Adam(learning_rate=0.05)
SHIFT_BITS = 0


class Tracker:
    def __init__(self):
        self.key = None
        self.ored = None
        self.negneg = None


TR = Tracker()


def train_step(x, y, h):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    TR.key = h >> SHIFT_BITS
    TR.ored = h | 0
    TR.negneg = -(-h)
    return loss


cache_hits = 0
for step in range(30):
    if step == 16:
        SHIFT_BITS = 3
    h = -(2 ** 62) - 7919 * (step % 6) - 13
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), h)
    if TR.key is h:
        cache_hits += 1
    print(step, repr(float(loss)), TR.key, TR.key is h, TR.ored is h, TR.negneg is h, cache_hits)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "hits": cache_hits}))
