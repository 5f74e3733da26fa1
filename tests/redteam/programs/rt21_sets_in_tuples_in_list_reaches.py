"""Sets held in tuples held in a list, mutated in place, reached five ways.

RULES = [("dense", {0, 2}), ("out", {1})] is a global list of tuples whose second item
is a set of column ids.  The step reaches the sets through a nested for-loop with tuple
unpacking, through zip(RULES, GAINS), through starred unpacking of the list
(`(_, first), (_, second) = RULES`), through a shallow copy (`list(RULES)[1][1]`) and
through `dict(RULES)["dense"]`, and turns what it finds into masks and counts that
scale the gradient.  Mid-run the loop edits the SETS in place (step 12 adds 3 to the
first, step 20 swaps 1 for 2 in the second: same length, other items, step 28 clears
the first and refills it with {1, 3}), never the list or the tuples.  The contract says
an item of a guarded list or tuple carries its place however the step reaches it, so a
set it holds has its own contents guarded; a guard that pins only the list's and the
tuples' items by identity (the same set objects) would keep the masks of the build.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2110)
random.seed(2110)
np.random.seed(2110)
rng = np.random.default_rng(2110)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 2)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)

RULES = [("dense", {0, 2}), ("out", {1})]
GAINS = [0.5, 2.0]
SEEN = []


def train_step(x, y):
    rows = []
    for name, ids in RULES:
        rows.append([1.0 if j in ids else 0.0 for j in range(4)])
    zipped = 0.0
    for (name, ids), g in zip(RULES, GAINS):
        for j in ids:
            zipped += g * (j + 1)
    (_, first), (_, second) = RULES
    overlap = len(first & second)
    copied = sorted(list(RULES)[1][1])
    dense_ids = dict(RULES)["dense"]
    dense_max = max(dense_ids)
    SEEN.append((tuple(map(tuple, rows)), zipped, overlap, tuple(copied), dense_max))
    mask = tf.constant(rows, dtype=tf.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g, = tape.gradient(loss, [W])
    g = g * tf.transpose(mask[:, :1] + mask[:, 1:2] * 0.0) * (1.0 + 0.01 * zipped + 0.1 * overlap)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(40):
    if step == 12:
        RULES[0][1].add(3)
    if step == 20:
        RULES[1][1].discard(1)
        RULES[1][1].add(2)
    if step == 28:
        RULES[0][1].clear()
        RULES[0][1].update([1, 3])
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), SEEN[-1])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "rules": [[n, sorted(s)] for n, s in RULES],
    "iterations": int(OPT.iterations.numpy()),
}))
