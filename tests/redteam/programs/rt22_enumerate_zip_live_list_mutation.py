"""Probes enumerate() and zip() over program lists that the loop body changes.  The
builtin wrappers pull from live list iterators: `for i, v in enumerate(POOL)` sees an
item removed before the cursor as a skip (the next item shifts into the visited slot),
and an appended item is reached; `zip(NAMES, POOL)` stops at the shorter list *as it is
when each pair is pulled* -- and zip pulls from NAMES first, so when POOL runs out one
NAMES item has been consumed and lost.  The step prunes small weights from POOL while
enumerating it (and appends a replacement when it prunes the first item), then pairs
names with what is left, building an L1 coefficient.  The loop refills POOL and NAMES
from templates before every call and edits the templates at steps 10, 19 and 27.  A
graph that iterated snapshots, or ignored zip's pull order, would compute other
coefficients and leave other lists behind."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2222)
np.random.seed(2222)
keras.utils.set_random_seed(2222)
rng = np.random.default_rng(2222)

XS = rng.normal(size=(84, 5)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
POOL_T = [0.3, 0.05, 0.02, 0.4, 0.01, 0.6]
NAMES_T = ["a", "b", "c", "d", "e", "f", "g"]
POOL = []
NAMES = []


def train_step(x, y):
    seen = []
    for i, v in enumerate(POOL):
        seen.append(i)
        if v < 0.1:
            POOL.remove(v)
            if i == 0:
                POOL.append(0.5)
    coef = 0.0
    pairs = 0
    for name, v in zip(NAMES, POOL):
        pairs += 1
        coef += v * (2.0 if name in ("a", "d") else 1.0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        l1 = tf.add_n([tf.reduce_sum(tf.abs(w)) for w in MODEL.trainable_variables])
        total = loss + 0.001 * coef * l1
    grads = tape.gradient(total, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return total, coef, seen, pairs


for step in range(36):
    if step == 10:
        POOL_T.insert(0, 0.07)
    if step == 19:
        NAMES_T[:] = NAMES_T[:3]
    if step == 27:
        POOL_T.append(0.03)
        NAMES_T.extend(["x", "y", "z", "w"])
    POOL[:] = POOL_T
    NAMES[:] = NAMES_T
    i = (step * 12) % 72
    total, coef, seen, pairs = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(total)), repr(coef), seen, pairs, POOL, NAMES)

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
    "pool": POOL, "names": NAMES,
}))
