"""Per-feature-group regularisation: GROUP_W maps group names to weights; the step keeps
only the groups whose weight is at least THRESH[0] with a dict comprehension over
GROUP_W.items(), builds a {name: index-list} dict with another comprehension that reads
GROUPS, sums the penalties in the filtered dict's order, stores the filtered dict in a
global ACTIVE and a dict.fromkeys of its keys in SEEN (fromkeys over a view of the made
dict).  The loop moves the threshold, edits weights across it, and reorders GROUP_W.
Probes: dict comprehensions over items views with a Python filter whose outcome the loop
changes (values read from the heap), made dicts stored across calls, dict.fromkeys over
a view of a made dict."""
import random

import numpy

random.seed(5416)
numpy.random.seed(5416)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5416)
rng = np.random.default_rng(5416)
XS = rng.normal(size=(88, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 1)) * 0.7).astype(np.float32)

W = tf.Variable(tf.random.normal((6, 1), seed=7) * 0.3)
GROUPS = {"a": [0, 1], "b": [2, 3], "c": [4], "d": [5]}
GROUP_W = {"a": 0.02, "b": 0.005, "c": 0.05, "d": 0.001}
THRESH = [0.004]
ACTIVE = {}
SEEN = {}
LR = 0.05


def train_step(x, y):
    global ACTIVE, SEEN
    active = {k: w for k, w in GROUP_W.items() if w >= THRESH[0]}
    idx = {k: GROUPS[k] for k in active}
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) - y))
        for k, w in active.items():
            loss = loss + w * tf.reduce_sum(tf.square(tf.gather(W, idx[k])))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(LR * g)
    ACTIVE = active
    SEEN = dict.fromkeys(active.keys(), len(active))
    return loss


for step in range(36):
    if step == 7:
        THRESH[0] = 0.01
    if step == 12:
        GROUP_W["b"] = 0.04
    if step == 17:
        GROUP_W["a"] = GROUP_W.pop("a")
        THRESH[0] = 0.0
    if step == 22:
        GROUP_W["d"] = 0.2
        THRESH[0] = 0.03
    if step == 28:
        del GROUP_W["c"]
        GROUP_W["e"] = 0.9
        GROUPS["e"] = [0, 5]
    i = (step * 8) % 80
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), ACTIVE, SEEN)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "active": ACTIVE, "seen": SEEN}))
