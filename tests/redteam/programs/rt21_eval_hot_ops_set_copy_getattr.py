"""Evaluation code without a GradientTape (taken over after a few calls) reading sets and absent attributes.

`evaluate(x, y)` runs TF ops but no tape, so janus takes it over as hot code.  It
scores each class with a weight, iterating `frozenset(SKIP)` (a copy of the program's
set) to fold the skipped classes' penalties in the copy's order, and reads
`getattr(CFG, "temperature", 1.0)`.  Mid-run:
- at step 12, a change that leaves every guard the contract names intact, the loop
  runs `SKIP.add(0); SKIP.discard(0)`: SKIP keeps its items {5, 13} and its iteration
  order [13, 5] (13 collides with 5 and sits in slot 2), but now has a deleted slot,
  so CPython's copy re-inserts the items and the frozenset iterates [5, 13]; the
  folded penalty changes;
- at step 20 a base class of CFG's class gains `temperature` (`Base.temperature = 2.0`);
- at step 30 SKIP is rebuilt without dummies (copies iterate [13, 5] again).
A graph built before step 12 with the copy's order [13, 5] passes an "items in order"
guard on SKIP and keeps the old penalty; one that kept "temperature" absent keeps 1.0.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2135)
random.seed(2135)
np.random.seed(2135)
rng = np.random.default_rng(2135)

XS = rng.normal(size=(120, 4)).astype(np.float32)
YS = rng.integers(0, 4, size=(120,)).astype(np.int64)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4)])

PENALTY = {5: 0.5, 13: -0.25}
SKIP = set()
SKIP.add(5)
SKIP.add(13)


class Base:
    pass


class Cfg(Base):
    pass


CFG = Cfg()
ORDERS = []


def evaluate(x, y):
    logits = MODEL(x) / getattr(CFG, "temperature", 1.0)
    pen = 0.0
    for k in frozenset(SKIP):
        pen = pen * 3.0 + PENALTY[k]
    ORDERS.append(list(frozenset(SKIP)))
    acc = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, axis=1), y), tf.float32))
    ce = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    return ce + pen, acc


for step in range(40):
    if step == 12:
        SKIP.add(0)
        SKIP.discard(0)
    if step == 20:
        Base.temperature = 2.0
    if step == 30:
        SKIP.clear()
        SKIP.add(5)
        SKIP.add(13)
    i = (step * 8) % 112
    score, acc = evaluate(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(score)), repr(float(acc)), ORDERS[-1], list(SKIP))

print(json.dumps({
    "orders": ORDERS[-3:],
    "skip": list(SKIP),
}))
