"""`bisect.bisect_right(MILESTONES, PHASE, key=...)` over (phase, factor) tuples, and
bisect_left with lo and hi: eagerly C code, inlined as Lib/bisect.py's Python by the
builder, which guards the list and the key's reads."""
import bisect
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(62)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
MILESTONES = [(1, 1.0), (3, 0.5), (5, 0.25)]
EDGES = [0, 2, 4, 6, 8]
PHASE = 0


def train_step(x):
    stage = bisect.bisect_right(MILESTONES, PHASE, key=lambda m: m[0])
    lower = bisect.bisect_left(EDGES, PHASE, 1, 4)
    factor = MILESTONES[stage - 1][1] if stage else 2.0
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w)) * factor
    w.assign_sub(0.01 * tape.gradient(loss, w))
    return loss, stage, lower


for i in range(30):
    PHASE = i // 5
    loss, stage, lower = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), stage, lower)
print(json.dumps(w.numpy().ravel().tolist()))
