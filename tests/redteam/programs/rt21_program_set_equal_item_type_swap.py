"""An item of the program's set replaced by an EQUAL item of another type.

ACTIVE = {1, 2, 3} is a global set the step reads: `sum(ACTIVE)`, `max(ACTIVE)`,
`sorted(ACTIVE)` stored in a global, and iteration building a list of per-item scales
that depend on `isinstance(k, int)`: all of which show the items' TYPES (`2.0` sums to a float,
`True` prints as True).  Mid-run the loop swaps items for equal ones of another type,
in place: step 12 `discard(2); add(2.0)` (same hash, same slot, same order, equal
set), step 22 `discard(1); add(True)`, step 32 `discard(2.0); add(2)`.  The contract
says the program's own sets are read with their items guarded in order; a guard that
compares items with `==` (or the set with `==`) would keep the graph built for the old
items, whose `sum` was an int, and print `6` where eager prints `6.0`, or `1` where
eager prints `True`.  HPARAMS, a global frozenset the step also reads, is rebound to an
equal frozenset of other types at step 26.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2107)
random.seed(2107)
np.random.seed(2107)
rng = np.random.default_rng(2107)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

ACTIVE = {1, 2, 3}
HPARAMS = frozenset({4, 5})
SNAP = {}


def train_step(x, y):
    total = sum(ACTIVE)
    top = max(ACTIVE)
    scales = [k / 4 if isinstance(k, int) else k / 2 for k in ACTIVE]
    SNAP["sorted"] = sorted(ACTIVE)
    SNAP["types"] = [type(k).__name__ for k in ACTIVE]
    SNAP["hp"] = sorted(HPARAMS)
    hp = sum(HPARAMS)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (total + sum(scales)) / (hp + top)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, total, scales, hp


for step in range(42):
    if step == 12:
        ACTIVE.discard(2)
        ACTIVE.add(2.0)
    if step == 22:
        ACTIVE.discard(1)
        ACTIVE.add(True)
    if step == 26:
        HPARAMS = frozenset({4.0, 5})
    if step == 32:
        ACTIVE.discard(2.0)
        ACTIVE.add(2)
    i = (step * 8) % 88
    loss, total, scales, hp = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(total), repr(scales), repr(hp), SNAP["sorted"],
          SNAP["types"], SNAP["hp"])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "snap": {k: repr(v) for k, v in SNAP.items()},
    "iterations": int(OPT.iterations.numpy()),
}))
