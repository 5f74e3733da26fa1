"""A set of tuples (large ints, computed strs) made from a generator, against a reference set.

The step calls `make_pool()`: a set comprehension over a generator function that yields
`(1000 * (i + 1), f"u{i}")` tuples, then adds computed strs, discards some items and
re-adds one (so the table has dummies), and stores the set.  str hashes are randomised
per process, so the set's order cannot be printed; but within one process a set made by
the same operations in the same order has the same order and room.  After each call the
program builds a REFERENCE set by calling make_pool() itself (plain interpreter, no TF
ops) and prints whether the step's set iterates in the same order, has the same
sys.getsizeof, and shares no item (tuple, its large int, its str) with the previous
call's set; eager prints True, True, False every time.  The contract says a set the
step makes is a replica of eager's table and items eager makes anew are new per call.
Mid-run the generator yields more items (step 12: the table resizes), the added names
change (step 22), and the discards change (step 30).
"""
import json
import random
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2130)
random.seed(2130)
np.random.seed(2130)
rng = np.random.default_rng(2130)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

COUNT = [4]
NAMES = ["enc", "dec", "head"]
DROPS = [1, 3]
OUT = {}


def pairs(n):
    for i in range(n):
        yield (1000 * (i + 1), f"u{i}")


def make_pool():
    pool = {t for t in pairs(COUNT[0])}
    for name in NAMES:
        pool.add(name + "_x")
    for d in DROPS:
        pool.discard((1000 * (d + 1), f"u{d}"))
    pool.add((1000 * (DROPS[0] + 1), f"u{DROPS[0]}"))
    return pool


def train_step(x, y):
    pool = make_pool()
    OUT["pool"] = pool
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.01 * len(pool))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss


def atoms(s):
    out = []
    for item in s:
        out.append(item)
        if isinstance(item, tuple):
            out.extend(item)
    return out


prev = None
for step in range(40):
    if step == 12:
        COUNT[0] = 9
    if step == 22:
        NAMES[1] = "mid"
        NAMES.append("aux")
    if step == 30:
        DROPS[:] = [5, 0, 2]
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    pool = OUT["pool"]
    ref = make_pool()
    shared = prev is not None and any(a is b for a in atoms(pool) for b in atoms(prev)
                                      if not isinstance(a, int) or a > 256)
    print(step, repr(float(loss)), len(pool), list(pool) == list(ref),
          sys.getsizeof(pool) == sys.getsizeof(ref), sys.getsizeof(pool), shared,
          sorted(map(repr, pool))[:3])
    prev = pool

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "pool": sorted(map(repr, OUT["pool"])),
    "iterations": int(OPT.iterations.numpy()),
}))
