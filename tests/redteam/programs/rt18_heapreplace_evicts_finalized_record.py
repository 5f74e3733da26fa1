"""Probes: object death caused by a C library function that replaces a list entry.

The step keeps its newest checkpoint record in a one-slot heap and publishes a new one
with `heapq.heapreplace(SLOT, Record(tag))` (a one-item heap needs no comparison, so
the records need no ordering).  heapreplace returns the evicted record and the step
drops it at once (expression statement), so in eager the evicted record dies inside
heapreplace's caller, before the next line.  From step 11 the loop registers a
weakref.finalize on each published record; the finalizer prints and appends to EVICTED,
and the step reads len(EVICTED) right after the eviction to pick a weight-decay factor.
janus's death detector reads what list/dict/deque *methods* overwrite or remove; a
module-level C function (heapq) that pops and stores list entries is another shape."""
import heapq
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1803)
rng = np.random.default_rng(1803)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.5 - XS[:, 1:2]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)

EVICTED = []


class Record:
    def __init__(self, tag):
        self.tag = tag


SLOT = [Record(-1)]


def on_evict(tag):
    EVICTED.append(tag)
    print("  record", tag, "evicted")


def train_step(x, y, tag):
    heapq.heapreplace(SLOT, Record(tag))
    decay = 0.0 if len(EVICTED) < 3 else 0.01
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g + decay * W)
    print("  step", tag, "evicted so far", len(EVICTED), "decay", decay)
    return loss


for step in range(30):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    if step >= 11:
        weakref.finalize(SLOT[0], on_evict, SLOT[0].tag)
    print(step, repr(float(loss)), "evicted", len(EVICTED))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "evicted": EVICTED,
    "slot_tag": SLOT[0].tag,
    "slot_len": len(SLOT),
}))
