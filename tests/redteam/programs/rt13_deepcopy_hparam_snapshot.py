"""The step snapshots a nested hyperparameter dict with copy.deepcopy and trains from
the snapshot; a nested value is edited in place mid-run.

`snap = copy.deepcopy(HP)` at the top of the step is a common defensive pattern (the
step must not see a half-updated config, or it hands the snapshot to a logger).  The
step then reads `snap["opt"]["lr"]` and `snap["loss"]["delta"]` (a hand-written Huber
loss) -- reads of a dict that copy.deepcopy (standard-library Python, recursing through
the program's nested dicts) made inside the call.  HP itself is never rebound and its
top-level items stay the same objects: at step 10 the loop sets
`HP["opt"]["lr"] = 0.01`, at step 18 `HP["loss"]["delta"] = 0.3`.  Eager deep-copies the
current contents at every call.  A build that ran deepcopy natively and treated its
result as a value the build made would fold 0.08 and 1.0 into the graph, with no guard
on the nested dicts deepcopy read.  Probes: library (stdlib) code reading nested
program containers at build time; values made by library code in the step.
"""
import copy
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1322)
rng = np.random.default_rng(1322)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32) * 2.0).astype(np.float32)
YS[::7] += 6.0

HP = {"opt": {"lr": 0.08, "nesterov": False}, "loss": {"delta": 1.0}, "tags": ["base"]}
W = tf.Variable(tf.zeros((5, 1)))
B = tf.Variable(tf.zeros((1,)))
LRS = []


def train_step(x, y):
    snap = copy.deepcopy(HP)
    delta = snap["loss"]["delta"]
    with tf.GradientTape() as tape:
        err = tf.abs(x @ W + B - y)
        quad = tf.minimum(err, delta)
        loss = tf.reduce_mean(0.5 * quad * quad + delta * (err - quad))
    gw, gb = tape.gradient(loss, [W, B])
    lr = snap["opt"]["lr"]
    W.assign_sub(lr * gw)
    B.assign_sub(lr * gb)
    LRS.append((lr, delta))
    return loss


for step in range(30):
    if step == 10:
        HP["opt"]["lr"] = 0.01
    if step == 18:
        HP["loss"]["delta"] = 0.3
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), LRS[-1])

print(json.dumps({
    "hp": HP,
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": repr(float(B.numpy()[0])),
}, sort_keys=True))
