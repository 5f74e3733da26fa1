"""Checkpoint bookkeeping with namedtuples: `CURRENT = Setup(arch="mlp",
widths=[4, 1])` and `BASELINE = Setup(arch="mlp", widths=[4, 1, 1])`.  The step
compares them (`CURRENT == BASELINE`, `CURRENT < BASELINE`) to decide whether it is
training the baseline architecture, and scales its update by 0.5 when it is.  Tuple
comparison compares the fields item by item, the lists by content.  At step 10 the loop
grows CURRENT.widths in place (append(1)), making it equal to the baseline; at step 16 it
shrinks it again.  Probes: ==/< of namedtuples whose items are lists the loop mutates
in place (a plain tuple's nested list is guarded)."""
import collections
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2523)
rng = np.random.default_rng(2523)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)

Setup = collections.namedtuple("Setup", "arch widths")
CURRENT = Setup(arch="mlp", widths=[4, 1])
BASELINE = Setup(arch="mlp", widths=[4, 1, 1])


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    is_base = CURRENT == BASELINE
    before = CURRENT < BASELINE
    W.assign_sub((0.025 if is_base else 0.05) * g)
    print("baseline:", is_base, "before:", before)
    return loss


for step in range(22):
    if step == 10:
        CURRENT.widths.append(1)
    if step == 16:
        CURRENT.widths.pop()
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
