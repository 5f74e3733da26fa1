"""The step builds working lists from the program's nested schedule STAGES (a list of
[name, [lr, scale], {"mask": [...]}] entries) by copying and reordering them:
`order = STAGES.copy(); order.reverse()`, `tail = STAGES[1:]; tail.insert(0, STAGES[-1])`,
`flat = list(itertools.chain.from_iterable(s[1] for s in STAGES))`, and
`picked = order.pop(PICK)`.  It then reads nested items through the copies
(`picked[1][0]`, `tail[0][2]["mask"]`, `flat[2 * PICK + 1]`) and returns `picked` and
`tail[0]`.  The loop edits the program's nested entries in place at depth 2 and 3
(steps 6, 12, 19), replaces a whole entry (step 15), changes PICK (steps 9, 24), and
appends a stage (step 27); it prints whether what the step returned is the program's
own entry.  Probes: copies and reorderings of caller lists whose items are the caller's
nested lists and dicts, read deeply after being moved."""
import random

import numpy

random.seed(5641)
numpy.random.seed(5641)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5641)
rng = np.random.default_rng(5641)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] * 0.5 + XS[:, 2:3] * 0.25).astype(np.float32)

STAGES = [["warm", [0.01, 0.5], {"mask": [1.0, 0.0, 1.0]}],
          ["main", [0.05, 1.0], {"mask": [1.0, 1.0, 1.0]}],
          ["cool", [0.02, 2.0], {"mask": [0.0, 1.0, 1.0]}]]
PICK = 0
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


def train_step(x, y):
    order = STAGES.copy()
    order.reverse()
    tail = STAGES[1:]
    tail.insert(0, STAGES[-1])
    flat = list(itertools.chain.from_iterable(s[1] for s in STAGES))
    picked = order.pop(PICK)
    lr = picked[1][0]
    scale = flat[2 * PICK + 1]
    mask = tf.constant(tail[0][2]["mask"])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x * mask, W) - y)) * scale
    g = tape.gradient(loss, W)
    W.assign_sub(lr * g)
    return loss, picked, tail[0], len(order)


for step in range(32):
    if step == 6:
        STAGES[2][1][0] = 0.04
    if step == 9:
        PICK = 1
    if step == 12:
        STAGES[2][2]["mask"][0] = 0.5
    if step == 15:
        STAGES[1] = ["main2", [0.03, 0.75], {"mask": [1.0, 1.0, 0.0]}]
    if step == 19:
        STAGES[0][1][1] = 3.0
    if step == 24:
        PICK = 2
    if step == 27:
        STAGES.append(["final", [0.005, 4.0], {"mask": [1.0, 1.0, 1.0]}])
    i = (step * 8) % 120
    loss, picked, head, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), picked[0], picked[1], head[0], n,
          any(picked is s for s in STAGES), head is STAGES[-1])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "stages": STAGES}))
