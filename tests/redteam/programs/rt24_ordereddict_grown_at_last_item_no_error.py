"""Mechanism: iterating an OrderedDict of the program's (per-layer loss weights) while
the loop body adds a key.  CPython's OrderedDict iterator, unlike a plain dict's, checks
for mutation only while it still has a next key: a key added while the LAST key is being
visited ends the loop quietly (no RuntimeError), while a key added earlier raises
"OrderedDict mutated during iteration".  The step adds a key "extra<k>" when it visits the
key named by TRIGGER: "c" (the last key only at step 0; from step 1 on the extras follow
it, so adding a key while visiting it raises), then "a" from step 12, then the last key
from step 22; the loop pops extras beyond 6 keys.  The step catches RuntimeError and records it.
A graph that raised like a plain dict (sticky size check at the next pull) or never
raised would print other flags and weights.
"""
import json
import random
from collections import OrderedDict

import keras
import numpy as np
import tensorflow as tf

random.seed(11)
np.random.seed(11)
keras.utils.set_random_seed(11)
rng = np.random.default_rng(11)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) * 0.5).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)

WEIGHTS = OrderedDict([("a", 1.0), ("b", 0.5), ("c", 0.25)])
TRIGGER = "c"
ERRORS = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        pred = h @ W2
        loss = tf.reduce_mean(tf.square(pred - y))
        total = 0.0
        seen = 0
        try:
            for k, v in WEIGHTS.items():
                total = total + v
                seen += 1
                if k == TRIGGER:
                    WEIGHTS["extra%d" % step] = 0.01
        except RuntimeError as e:
            ERRORS.append((step, str(e)))
        loss = loss * total
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, seen, total


for step in range(34):
    if step == 12:
        TRIGGER = "a"
    if step == 22:
        TRIGGER = list(WEIGHTS)[-1]
    if len(WEIGHTS) > 6:
        WEIGHTS.popitem(last=True)
        TRIGGER = list(WEIGHTS)[-1] if step >= 22 or step < 12 else "a"
    i = (step * 8) % 56
    loss, seen, total = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), seen, repr(total), len(WEIGHTS), len(ERRORS))

print(json.dumps({"W1": [repr(float(v)) for v in W1.numpy().ravel()],
                  "W2": [repr(float(v)) for v in W2.numpy().ravel()],
                  "weights": list(WEIGHTS.items()), "errors": ERRORS}))
