"""A functools.lru_cache'd helper called from the step, with its hit/miss counters printed.

The step asks `phase_scale(PHASE, width)` for a scale (width is a Python int argument that
cycles 16/32/64/32 from the loop; maxsize=2, so some calls evict). On a miss the helper
appends to CALLS (a side effect only misses have). Every step prints `cache_info()`.
Step 15: SCALES["main"] changes with no cache_clear() (eager keeps using stale cached
         entries, but recomputes evicted ones with the new value).
Step 20: phase_scale.cache_clear().
Step 24: PHASE switches "warm" -> "main".
Step 30: phase_scale is rebound to a new, unbounded lru_cache of the same function.
A wrong converter calls the helper once at build time: hits/misses stop counting, CALLS stops
growing, or the scale of a stale or recomputed entry is wrong."""
import functools
import random

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(2109)
random.seed(2109)
rng = np.random.default_rng(2109)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

W1 = tf.Variable(rng.normal(size=(64, 64)).astype("float32") * 0.1)
W2 = tf.Variable(rng.normal(size=(64, 10)).astype("float32") * 0.1)
SCALES = {"warm": 0.5, "main": 1.0}
CALLS = []
PHASE = "warm"


def _phase_scale(phase, width):
    CALLS.append((phase, width))
    return SCALES[phase] * width / 32


phase_scale = functools.lru_cache(maxsize=2)(_phase_scale)


def train_step(x, y, width):
    s = phase_scale(PHASE, width)
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1[:, :width])
        logits = h @ W2[:width] * s
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.1 * g1)
    W2.assign_sub(0.1 * g2)
    info = phase_scale.cache_info()
    print(f"  s={s!r} hits={info.hits} misses={info.misses} size={info.currsize} calls={len(CALLS)}")
    return loss


WIDTHS = [16, 32, 64, 32]
for step in range(38):
    if step == 15:
        SCALES["main"] = 2.0
        SCALES["warm"] = 0.25
    elif step == 20:
        phase_scale.cache_clear()
    elif step == 24:
        PHASE = "main"
    elif step == 30:
        phase_scale = functools.lru_cache(maxsize=None)(_phase_scale)
    width = WIDTHS[step % 4]
    i = (step * 24) % (len(X) - 24)
    loss = train_step(tf.constant(X[i:i + 24]), tf.constant(Y[i:i + 24]), width)
    print(step, width, repr(float(loss)))

print("CALLS", CALLS)
print("info", phase_scale.cache_info())
print("ck", repr(float(np.sum(np.abs(W1.numpy()), dtype=np.float64))),
      repr(float(np.sum(np.abs(W2.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
