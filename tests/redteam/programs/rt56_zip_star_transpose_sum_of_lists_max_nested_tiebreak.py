"""The step derives its loss weights from program tables with C builtins that walk
nested lists themselves: `list(zip(*TABLE))` (a transpose of the rows),
`sum(GROUPS, [])` (list concatenation through sum with a list start) and `max(CANDS)`
over candidates that tie on their first field and are told apart by comparing lists
five levels down.  The loop edits a row item in place (step 6), appends to an inner
group (step 11), edits the deepest tie-breaking number so the other candidate wins
(step 15), edits a group's first item (step 20), appends a row (step 25) and raises a
candidate's first field (step 29).  Probes: builtins that iterate and compare the
program's nested containers natively while the step is built."""
import random

import numpy

random.seed(5613)
numpy.random.seed(5613)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5613)
rng = np.random.default_rng(5613)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS[:, :1] * 1.5 - XS[:, 2:3]).astype(np.float32)

TABLE = [[0.5, 1.0, 2], [0.25, 0.5, 1], [1.0, 0.1, 3]]
GROUPS = [[0.1, 0.2], [0.3], [0.4, 0.5]]
CANDS = [[0.9, [2, [1, [0.1]]], "a"], [0.9, [2, [1, [0.3]]], "b"], [0.5, [9], "c"]]

W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
B = tf.Variable(np.zeros((1,), np.float32))


def train_step(x, y):
    cols = list(zip(*TABLE))
    flat = sum(GROUPS, [])
    best = max(CANDS)
    scale = cols[0][1] * flat[-1] + flat[0] + best[1][1][1][0]
    lr = 0.02 * sum(cols[1]) / len(cols[2])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) + B - y)) * scale
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(lr * gw)
    B.assign_sub(lr * gb)
    return loss, best[2], scale, lr


for step in range(33):
    if step == 6:
        TABLE[1][0] = 2.0
    if step == 11:
        GROUPS[2].append(0.9)
    if step == 15:
        CANDS[0][1][1][1][0] = 0.7
    if step == 20:
        GROUPS[0][0] = -0.2
    if step == 25:
        TABLE.append([0.1, 0.9, 4])
    if step == 29:
        CANDS[1][0] = 0.95
    i = (step * 8) % 120
    loss, tag, scale, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), tag, repr(scale), repr(lr))

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()],
                  "b": repr(float(B.numpy()[0]))}))
