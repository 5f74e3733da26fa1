"""The step keeps an LRU cache (an OrderedDict, capacity 3) of per-bucket loss scales: the
bucket is a Python int the loop passes (from a pattern with repeats that the loop
replaces mid-run).  On a hit the step calls move_to_end(bucket) and reads the scale; on a
miss it inserts a new scale and, when over capacity, evicts with popitem(last=False); it
also reads the oldest key with next(iter(CACHE)) and the newest values with
list(reversed(CACHE.values())), and appends the evicted item to a global list.  The loop
edits a cached scale from outside once and shrinks the capacity mid-run.
Probes: OrderedDict reordering methods inside the step (move_to_end, popitem(last=False)),
reversed views of it, and the evicted items handed back."""
import random

import numpy

random.seed(5406)
numpy.random.seed(5406)

import json
from collections import OrderedDict

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5406)
rng = np.random.default_rng(5406)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [0.5], [-0.5], [0.25]], np.float32)).astype(np.float32)

W = tf.Variable(tf.zeros((4, 1)))
CACHE = OrderedDict()
CFG = {"cap": 3}
EVICTED = []
LR = 0.05


def train_step(x, y, bucket):
    if bucket in CACHE:
        CACHE.move_to_end(bucket)
        scale = CACHE[bucket]
        hit = True
    else:
        scale = 1.0 / (1.0 + bucket)
        CACHE[bucket] = scale
        hit = False
        while len(CACHE) > CFG["cap"]:
            EVICTED.append(CACHE.popitem(last=False))
    oldest = next(iter(CACHE))
    newest = list(reversed(CACHE.values()))
    with tf.GradientTape() as tape:
        loss = scale * tf.reduce_mean(tf.square(tf.matmul(x, W) - y))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(LR * g)
    return loss, hit, oldest, newest


PAT = [0, 1, 0, 2, 0, 1, 3, 1]
for step in range(40):
    if step == 15:
        CACHE[next(reversed(CACHE))] = 0.75
    if step == 20:
        PAT = [4, 2, 4, 0, 2, 4]
    if step == 28:
        CFG["cap"] = 2
    bucket = PAT[step % len(PAT)]
    i = (step * 8) % 88
    try:
        loss, hit, oldest, newest = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), bucket)
        print(step, bucket, repr(float(loss)), hit, oldest, newest, list(CACHE.items()))
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "cache": list(CACHE.items()),
                  "evicted": EVICTED[-6:], "n_evicted": len(EVICTED)}))
