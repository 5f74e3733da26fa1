"""Probes: the allocated size of lists and dicts a step builds and stores.

sys.getsizeof of a list reports its allocated capacity, which depends on how it was
grown: a list made by five appends has room for 8 items, one made by list(iterable)
or a display of 5 items has room for exactly 5.  A dict that had keys inserted and
deleted keeps its larger table.  The contract makes the objects a step stores "anew
at commit" from the values the build holds.  The step builds a window list by
appends in a Python loop over range(5) and a stats dict by inserting six keys and
deleting two, and stores both; the loop prints sys.getsizeof of each (a memory
monitor).  From step 12 the window gets a sixth append, from step 20 the dict one more
key."""
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1840)
rng = np.random.default_rng(1840)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.04)
CFG = {"extra_item": False, "extra_key": False}


class State:
    window = None
    stats = None


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    v = float(loss)
    window = []
    for k in range(5):
        window.append(v * (k + 1))
    if CFG["extra_item"]:
        window.append(v)
    stats = {}
    stats["a"] = v
    stats["b"] = v * 2.0
    stats["c"] = 1
    stats["d"] = 2
    stats["e"] = 3
    stats["f"] = 4
    del stats["c"]
    del stats["d"]
    if CFG["extra_key"]:
        stats["g"] = 5
    State.window = window
    State.stats = stats
    return loss


for step in range(30):
    if step == 12:
        CFG["extra_item"] = True
    if step == 20:
        CFG["extra_key"] = True
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(State.window), sys.getsizeof(State.window),
          len(State.stats), sys.getsizeof(State.stats), list(State.stats))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "window_size": sys.getsizeof(State.window),
    "stats_size": sys.getsizeof(State.stats),
    "window": [repr(v) for v in State.window],
}))
