"""A closure made in the step and wrapped in the step by `functools.lru_cache` (C code:
`_functools._lru_cache_wrapper`): `feature(i)` computes a row feature and counts its
real calls in the step's `computed` through `nonlocal`.  The step asks for the rows in
the global ROWS, which repeats indices, so the cache answers the repeats: `computed` is
the number of DISTINCT rows and `cached.cache_info()` reports hits and misses.  ROWS
changes at steps 10 and 20 (more repeats, then none).  The cached tensor is reused under
the tape, so the gradient of a repeated row flows through one tensor.  Probes: a closure
handed to a C wrapper that decides whether to call it; a converter that inlines the
wrapped closure at every call (seeing through the cache) counts every request and
reports no hits."""
import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1911)
rng = np.random.default_rng(1911)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
ROWS = [0, 1, 2, 1]


def train_step(x, y):
    computed = 0

    @functools.lru_cache(maxsize=None)
    def feature(i):
        nonlocal computed
        computed += 1
        return tf.reduce_sum(tf.tanh(W1[i]))

    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        extra = 0.0
        for r in ROWS:
            extra = extra + feature(r)
        loss = tf.reduce_mean(tf.square(h @ W2 + 0.05 * extra - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    info = feature.cache_info()
    return loss, computed, info.hits, info.misses, info.currsize


for step in range(30):
    if step == 10:
        ROWS = [3, 3, 3, 0, 3]
    if step == 20:
        ROWS = [4, 0, 2]
    i = (step * 8) % 56
    loss, computed, hits, misses, size = train_step(tf.constant(XS[i:i + 8]),
                                                     tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), computed, hits, misses, size)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
