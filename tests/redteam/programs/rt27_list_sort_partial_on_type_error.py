"""The step sorts the program's leaderboard in place, BOARD.sort(key=priority), inside
a try, and weights its loss by the weight of the record that comes first.  The loop
changes one record's priority at steps 6, 11 and 22.  At step 15 the loop inserts a record
whose priority is None: from then on the sort compares None with a float and raises
TypeError part-way, and CPython leaves the list in the partially sorted order its
insertion sort reached (not the old order, not the sorted one).  The step catches the
TypeError, counts it, and goes on with BOARD[0] of that partial order.  Probes: a
list method that fails after moving items, on the program's list, inside a converted
step."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2703)
numpy.random.seed(2703)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27031)
rng = np.random.default_rng(27031)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
NEW_PRIORITIES = [round(float(v), 2) for v in rng.uniform(size=40)]
BOARD = [[0.9, "a", 1.0], [0.3, "b", 0.5], [0.7, "c", 2.0], [0.1, "d", 1.5],
         [0.5, "f", 0.75]]
ERRORS = [0]


def priority(rec):
    return rec[0]


def train_step(x, y):
    try:
        BOARD.sort(key=priority)
        ok = True
    except TypeError:
        ERRORS[0] += 1
        ok = False
    weight = BOARD[0][2]
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = weight * tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, ok


for step in range(30):
    if step == 15:
        BOARD.insert(2, [None, "e", 0.25])
    if step in (6, 11, 22):
        rec = BOARD[step % len(BOARD)]
        if rec[0] is not None:
            rec[0] = NEW_PRIORITIES[step]
    i = (step * 8) % 56
    loss, ok = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), ok, ERRORS[0], "".join(r[1] for r in BOARD))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "board": BOARD,
}))
