"""Per-layer gradient statistics kept in a grid (a list of per-layer rows `[count,
sum_norm]`).  At step 12 the caller "ties" layer 1's statistics to layer 0's by making
both rows the same list object (`STATS[1] = STATS[0]`, as a weight-tied model's logger
does).  The step writes through one row and reads through the other in the same call:
`STATS[0][0] += 1; STATS[0][1] += n0; STATS[1][1] += n1; mean1 = STATS[1][1] /
STATS[1][0]`.  In eager, after the tie the writes through either path land in one list
and the read sees both.  Probes: in-place writes and reads of one list reached through
two items of the caller's list, the aliasing made between calls."""
import random

import numpy

random.seed(4331)
numpy.random.seed(4331)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4331)
rng = np.random.default_rng(4331)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.Adam(learning_rate=0.01)
STATS = [[1, 0.0], [1, 0.0]]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.nn.relu(x @ W1) @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip([g1, g2], [W1, W2]))
    n0 = float(tf.norm(g1))
    n1 = float(tf.norm(g2))
    STATS[0][0] += 1
    STATS[0][1] += n0
    STATS[1][1] += n1
    mean1 = STATS[1][1] / STATS[1][0]
    return loss, mean1


for step in range(30):
    if step == 12:
        STATS[1] = STATS[0]
    i = (step * 16) % 112
    loss, mean1 = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(mean1), STATS[0][0], repr(STATS[0][1]), STATS[1] is STATS[0])

print(json.dumps({"stats": [[r[0], repr(r[1])] for r in STATS]}))
