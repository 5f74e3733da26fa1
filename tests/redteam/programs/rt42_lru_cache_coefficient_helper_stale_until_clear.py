"""A loss-coefficient helper is memoised with `functools.lru_cache` (keyed by the
curriculum stage).  The loop edits the coefficient table in place at step 12 without
clearing the cache (eagerly the stale cached value keeps being used), and calls
`coef.cache_clear()` at step 18, after which the new value is seen.  The program prints
`coef.cache_info()` each step, so hits and misses are observable state.  janus must
either call the lru_cache wrapper at each call (moving its counters, honouring its
cache) or keep exactly its semantics."""
import random

import numpy

random.seed(51)
numpy.random.seed(51)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4251)
rng = np.random.default_rng(4251)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 2:3]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
TABLE = [1.0, 0.5, 0.25]


@functools.lru_cache(maxsize=8)
def coef(stage):
    return TABLE[stage] * 0.1


def train_step(x, y, stage):
    c = coef(stage)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) + c * tf.reduce_sum(tf.square(W2))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    return loss, c


for step in range(30):
    if step == 12:
        TABLE[0] = 5.0
        TABLE[1] = 2.5
    if step == 18:
        coef.cache_clear()
    stage = 0 if step < 24 else 1
    i = (step * 8) % 88
    loss, c = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), stage)
    info = coef.cache_info()
    print(step, repr(float(loss)), repr(c), info.hits, info.misses, info.currsize)

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "info": list(coef.cache_info()),
}))
