"""Probes: sys.monitoring tool ids as interpreter state the program can see and take.

janus watches the program's code with a sys.monitoring tool while it builds
(purity.py) and "takes out the sys.monitoring tool ids janus holds" when it stands
aside.  A program that never registers a callback is not observing anything, so
janus does not stand aside, yet the tool ids are shared, visible state: the loop
records sys.monitoring.get_tool(i) for all six ids every step, and at step 12 it claims
every free id with use_tool_id (a profiler would, to reserve one), without registering
callbacks or events.  At step 14 it changes a hyperparameter the step reads, which
makes a converter rebuild while every id is taken.  At step 22 it frees the ids it
took.  Eager: all ids free before 12, all six claimed (names 'rt18-<i>') until 22."""
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1813)
rng = np.random.default_rng(1813)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
HP = {"lr": 0.05}

TAKEN = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(HP["lr"] * g)
    return loss


census = []
for step in range(30):
    if step == 12:
        for tid in range(6):
            try:
                sys.monitoring.use_tool_id(tid, f"rt18-{tid}")
                TAKEN.append(tid)
            except ValueError as e:
                print("  id", tid, "in use:", e)
    if step == 14:
        HP["lr"] = 0.02
    if step == 22:
        for tid in TAKEN:
            sys.monitoring.free_tool_id(tid)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    tools = [sys.monitoring.get_tool(t) for t in range(6)]
    census.append(tools)
    print(step, repr(float(loss)), tools)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "taken": TAKEN,
    "distinct_censuses": sorted({json.dumps(c) for c in census}),
    "trace_profile_none": [sys.gettrace() is None, sys.getprofile() is None],
}))
