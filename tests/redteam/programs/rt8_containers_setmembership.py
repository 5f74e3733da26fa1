"""Sets and frozensets decide which variables train_step updates.

FROZEN (a set, mutated in place) and ALWAYS_FROZEN (a frozenset, rebound) are read with
`in`/`not in`, comparisons (`==`, `<=`), `len`, `sorted` and a set display `{*FROZEN, ...}`.
  step 12: FROZEN.add("w1")            (w1 stops training)
  step 18: FROZEN |= {"b1"}            (in-place union, same object)
  step 24: FROZEN.discard("w1")        (w1 trains again)
  step 30: ALWAYS_FROZEN = frozenset() (rebinding: b2 starts training)
  step 33: FROZEN.clear()
A converter that freezes the set's contents at build time (the object's identity never
changes) keeps updating/skipping the wrong variables: the printed "updated" lists, the
losses and the final checksums differ.
"""
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(812)

FROZEN = set()
ALWAYS_FROZEN = frozenset({"b2"})
LR = 0.08

rng = np.random.default_rng(812)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = np.sin(XS @ rng.normal(size=(5, 1))).astype(np.float32)
VARS = [
    tf.Variable(rng.normal(size=(5, 7)).astype(np.float32) * 0.5, name="w1"),
    tf.Variable(np.zeros(7, np.float32), name="b1"),
    tf.Variable(rng.normal(size=(7, 1)).astype(np.float32) * 0.5, name="w2"),
    tf.Variable(np.full(1, 0.1, np.float32), name="b2"),
]


def train_step(x, y):
    w1, b1, w2, b2 = VARS
    with tf.GradientTape() as tape:
        pred = tf.nn.relu(x @ w1 + b1) @ w2 + b2
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, VARS)
    updated = []
    for v, g in zip(VARS, grads):
        name = v.name.split(":")[0]
        if name in FROZEN or name in ALWAYS_FROZEN:
            continue
        v.assign_sub(LR * g)
        updated.append(name)
    skip_all = {*FROZEN, *ALWAYS_FROZEN}
    print("  updated", updated, "frozen", sorted(FROZEN), len(FROZEN), "w1" not in FROZEN,
          FROZEN == {"w1"}, FROZEN <= {"w1", "b1"}, sorted(skip_all), bool(FROZEN))
    return loss, updated


for step in range(36):
    if step == 12:
        FROZEN.add("w1")
    if step == 18:
        FROZEN |= {"b1"}
    if step == 24:
        FROZEN.discard("w1")
    if step == 30:
        ALWAYS_FROZEN = frozenset()
    if step == 33:
        FROZEN.clear()
    i = (step * 16) % 64
    loss, updated = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), len(updated), type(updated).__name__)

print("final", [repr(float(tf.reduce_sum(v))) for v in VARS])
print("state", sorted(FROZEN), sorted(ALWAYS_FROZEN), type(FROZEN).__name__)
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
