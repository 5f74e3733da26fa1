"""Class-frequency reweighting with a collections.Counter HITS of the labels' buckets: the
step increments HITS[b] for the batch's bucket b (a Python int the loop passes; a missing
key reads 0), weights the loss by 1 / HITS[b], ranks the buckets with
sorted(HITS.items(), key=itemgetter(1), reverse=True) (ties keep insertion order under
reverse=True, as sort is stable), and reads the top bucket and list(HITS.values()).  The
loop resets a bucket with `del HITS[k]` (it re-enters at the end of the order) and once
sets a count to zero explicitly (which keeps its place).
Probes: Counter missing-key reads and item writes in the step, sorted over its items view
with operator.itemgetter and reverse=True on ties, key order after del/re-insert."""
import random

import numpy

random.seed(5429)
numpy.random.seed(5429)

import json
from collections import Counter
from operator import itemgetter

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5429)
rng = np.random.default_rng(5429)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS @ np.array([[0.2], [0.7], [-0.3], [0.5]], np.float32)).astype(np.float32)

W = tf.Variable(tf.zeros((4, 1)))
HITS = Counter()
LR = 0.1
BUCKETS = [0, 1, 2, 1, 0, 3, 1, 2, 0, 1, 3, 3]


def train_step(x, y, b):
    HITS[b] = HITS[b] + 1
    weight = 1.0 / HITS[b]
    ranked = sorted(HITS.items(), key=itemgetter(1), reverse=True)
    with tf.GradientTape() as tape:
        loss = weight * tf.reduce_mean(tf.square(tf.matmul(x, W) - y))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(LR * g)
    return loss, weight, ranked[0][0], [k for k, _ in ranked], list(HITS.values())


for step in range(40):
    if step == 13:
        del HITS[1]
    if step == 20:
        HITS[0] = 0
    if step == 27:
        del HITS[3]
        del HITS[2]
    b = BUCKETS[step % len(BUCKETS)]
    i = (step * 8) % 80
    try:
        loss, weight, top, order, vals = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), b)
        print(step, b, repr(float(loss)), repr(weight), top, order, vals)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "hits": list(HITS.items())}))
