"""A step makes sets whose items it computes: f-string tags (new str objects at each
call), tuples of (kind, index), a frozenset of the active tags used as a dict key, and
set algebra (|, -, &, union) between them.  The records are appended to a history; the
loop checks that items of two calls' sets are not the same objects, and that the
frozensets of two calls are equal but distinct.  The tag count changes at step 9."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(32)
rng = np.random.default_rng(32)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
opt = keras.optimizers.SGD(0.1)
COUNT = 3
HISTORY = []


def train_step(x, y):
    tags = {f"t{i}-{COUNT}" for i in range(COUNT)}
    pairs = {("w", i) for i in range(COUNT)} | {("b", 0)}
    base = set(["t0-3", "t1-3", "keep"])
    common = tags & base
    extra = tags - base
    both = base.union(tags)
    frozen = frozenset(tags)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.1 * len(common))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    HISTORY.append({"tags": tags, "pairs": pairs, "common": common, "extra": extra,
                    "both": both, "by_tags": {frozen: len(both)}, "by_pair": {("p", COUNT): 1}})
    return loss


for step in range(20):
    if step == 9:
        COUNT = 5
    i = (step * 4) % 36
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    rec = HISTORY[-1]
    print(step, round(float(loss), 5), sorted(rec["tags"]), sorted(rec["pairs"]),
          sorted(rec["common"]), sorted(rec["extra"]), len(rec["both"]))
    if step:
        prev = HISTORY[-2]
        same = [a is b for a in rec["tags"] for b in prev["tags"] if a == b]
        k_now, = rec["by_tags"]
        k_prev, = prev["by_tags"]
        p_now, = rec["by_pair"]
        p_prev, = prev["by_pair"]
        print("  shared items:", sum(same), "keys equal:", k_now == k_prev,
              "same key:", k_now is k_prev, "same pair:", p_now is p_prev)

print(json.dumps({"W": [round(float(v), 5) for v in W.numpy().ravel()]}))
