"""The step picks what to train on with key functions that are C callables reading the
program's containers: `min(SCORES, key=SCORES.get)` (a bound dict method as key),
`max(BUCKETS.values(), key=len)` over a dict's lists (the longest bucket list,
then found back by identity), and
`sorted(ROWS, key=operator.itemgetter(1, 0))` over rows whose second field is itself a
list compared lexicographically.  The result picks a per-feature mask, a loss weight
and a learning rate.  The loop edits SCORES values (steps 6, 17), appends into a bucket
so another is the longest (steps 10, 23), edits an inner list of a row so the sort order
flips (steps 14, 27) and ties two scores (step 20: min keeps the first key).  Probes:
builtin key callables (bound C methods, itemgetter, len) reading program containers
that change in place between calls."""
import random

import numpy

random.seed(5638)
numpy.random.seed(5638)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5638)
rng = np.random.default_rng(5638)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-2.0], [0.5]], np.float32)).astype(np.float32)

SCORES = {"a": 0.7, "b": 0.4, "c": 0.9}
MASKS = {"a": [1.0, 1.0, 0.0], "b": [1.0, 0.0, 1.0], "c": [0.0, 1.0, 1.0]}
BUCKETS = {"short": [1, 2], "mid": [1, 2, 3], "long": [1]}
WEIGHTS = {"short": 0.5, "mid": 1.0, "long": 2.0}
ROWS = [("x", [2, 1], 0.05), ("y", [2, 0], 0.02), ("z", [1, 9], 0.03)]
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


def train_step(x, y):
    pick = min(SCORES, key=SCORES.get)
    longest = max(BUCKETS.values(), key=len)
    bucket = next(k for k, v in BUCKETS.items() if v is longest)
    order = sorted(ROWS, key=operator.itemgetter(1, 0))
    lr = order[0][2]
    mask = tf.constant(MASKS[pick])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x * mask, W) - y)) * WEIGHTS[bucket]
    g = tape.gradient(loss, W)
    W.assign_sub(lr * g)
    return loss, pick, bucket, [r[0] for r in order]


for step in range(32):
    if step == 6:
        SCORES["c"] = 0.1
    if step == 10:
        BUCKETS["long"].extend([2, 3, 4])
    if step == 14:
        ROWS[2][1][0] = 3
    if step == 17:
        SCORES["b"] = 0.05
    if step == 20:
        SCORES["a"] = 0.05
    if step == 23:
        BUCKETS["short"].extend([3, 4, 5, 6])
    if step == 27:
        ROWS[1][1][1] = 5
    i = (step * 8) % 120
    loss, pick, bucket, order = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), pick, bucket, order)

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()]}))
