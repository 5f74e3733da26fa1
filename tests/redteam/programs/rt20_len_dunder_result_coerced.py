"""Probes CPython's coercion of a user `__len__` result by the builtin `len()`.

The step asks `len(ACTIVE)` and `bool(ACTIVE)` of a program object whose `__len__`
returns whatever `ACTIVE.n` holds.  CPython's `len()` never hands back what `__len__`
returned: it goes through `__index__` and gives a plain `int` (`True` -> `1`,
`np.int64(2)` -> `2`), raises `ValueError` for a negative result and `TypeError` for a
float.  `bool()` through `__len__` gives `True`/`False`.  The loop changes `ACTIVE.n`
mid-run from `True` to `np.int64(2)`, `False`, `-1` (ValueError, caught by the loop),
`2.0` (TypeError, caught) and `np.uint8(3)`.

A conversion that inlines `__len__` and keeps its result as the value of `len()` would
store `True` / `np.int64(2)` in HISTORY (printed with `repr` and `type`), or miss the
ValueError/TypeError, so its printed lines and final state differ from eager's; one that
froze the first answer would keep `k == 1`.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2001)
random.seed(2001)
np.random.seed(2001)
rng = np.random.default_rng(2001)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) + 0.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Bucket:
    """Feature groups currently switched on; its size is whatever `n` holds."""

    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n


ACTIVE = Bucket(True)
HISTORY = []


def train_step(x, y):
    k = len(ACTIVE)
    nonempty = bool(ACTIVE)
    with tf.GradientTape() as tape:
        pred = x @ W
        loss = tf.reduce_mean(tf.square(pred - y)) * (1.0 + 0.1 * k)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    HISTORY.append(k)
    return loss, k, nonempty


CHANGES = {12: np.int64(2), 18: False, 24: -1, 27: 2.0, 30: np.uint8(3), 36: True}
for step in range(42):
    if step in CHANGES:
        ACTIVE.n = CHANGES[step]
        print("set n to", repr(ACTIVE.n))
    i = (step * 8) % 56
    try:
        loss, k, nonempty = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    except (ValueError, TypeError) as e:
        print(step, "raised", type(e).__name__, str(e))
        continue
    print(step, round(float(loss), 6), repr(k), type(k).__name__, repr(nonempty))

print(json.dumps({
    "history": [repr(v) for v in HISTORY],
    "history_types": sorted({type(v).__name__ for v in HISTORY}),
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
