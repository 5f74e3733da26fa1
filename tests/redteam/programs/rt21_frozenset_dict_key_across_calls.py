"""A frozenset the step makes, used as a key of the program's dict across calls.

Each call makes `key = frozenset(ACTIVE)` (a new object each call), counts it in the
program's dict COUNTS (`COUNTS[key] = COUNTS.get(key, 0) + 1`), stores it in LAST and
appends it to HISTORY.  In CPython an assignment to an existing equal key keeps the
dict's FIRST key object, so COUNTS holds the frozenset of the first call with those ids
while LAST holds this call's; two equal frozensets can also iterate in different orders
(made from [1, 9, 2] and [9, 1, 2]: 1 and 9 share a slot of an 8-slot table).  The
contract says a frozenset the call makes is made anew at each call, with eager's order
and room.  Mid-run ACTIVE gains 9 (step 12: a new key), is reordered to [9, 1, 2]
(step 22: the same key for the dict, a different order for LAST), and loses 9 (step
30: back to the first key).  Printed: the iteration orders of LAST and of the dict's
matching key, the counts, and identity between them; HISTORY keeps every call's key.
"""
import json
import random
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2128)
random.seed(2128)
np.random.seed(2128)
rng = np.random.default_rng(2128)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

ACTIVE = [1, 2]
COUNTS = {}
LAST = {}
HISTORY = []


def train_step(x, y):
    key = frozenset(ACTIVE)
    seen = COUNTS.get(key, 0)
    COUNTS[key] = seen + 1
    LAST["key"] = key
    HISTORY.append(key)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.1 * len(key))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, seen


for step in range(40):
    if step == 12:
        ACTIVE.append(9)
    if step == 22:
        ACTIVE[:] = [9, 1, 2]
    if step == 30:
        ACTIVE.remove(9)
    i = (step * 8) % 88
    loss, seen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    last = LAST["key"]
    stored = next(k for k in COUNTS if k == last)
    print(step, repr(float(loss)), seen, list(last), list(stored), stored is last,
          HISTORY[-1] is last, len(HISTORY) > 1 and HISTORY[-2] is last,
          sys.getsizeof(last), [(sorted(k), v) for k, v in COUNTS.items()])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "counts": [[list(k), v] for k, v in COUNTS.items()],
    "distinct_history_objects": len({id(k) for k in HISTORY}),
    "iterations": int(OPT.iterations.numpy()),
}))
