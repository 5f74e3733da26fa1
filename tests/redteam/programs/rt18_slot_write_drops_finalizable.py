"""Probes: object death caused by a write to a __slots__ member inside the step.

A `__slots__` holder (no instance __dict__) keeps the current data shard; the step
replaces it with `HOLDER.shard = Shard(tag)`.  janus defers slot writes and stores them
through the member descriptor at commit (soundness: "Writes to the __slots__ members
... deferred"), and its death detector reads "the value an attribute ... write
replaces".  Reading the value a slot write replaces needs the member descriptor, not an
instance dict, so a detector that looks only in __dict__ would see no death.  From step
12 the loop registers a weakref.finalize on each shard after the call; the finalizer
prints and appends to a log, and the step reads len(LOG) right after the write to pick
its gradient scale.  Eager: the finalizer runs at the write, before the read."""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1802)
rng = np.random.default_rng(1802)

XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(6, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
B = tf.Variable(np.zeros((1,), np.float32))

LOG = []


class Shard:
    def __init__(self, tag):
        self.tag = tag


class Holder:
    __slots__ = ("shard", "writes")

    def __init__(self):
        self.shard = None
        self.writes = 0


HOLDER = Holder()


def on_drop(tag):
    LOG.append(tag)
    print("  shard", tag, "dropped")


def train_step(x, y, tag):
    HOLDER.shard = Shard(tag)
    HOLDER.writes += 1
    scale = 0.1 if len(LOG) % 2 == 0 else 0.02
    with tf.GradientTape() as tape:
        pred = tf.tanh(x @ W + B)
        loss = tf.reduce_mean(tf.square(pred - y))
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(scale * gw)
    B.assign_sub(scale * gb)
    print("  step", tag, "log length", len(LOG), "scale", scale)
    return loss


for step in range(32):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    if step >= 12:
        weakref.finalize(HOLDER.shard, on_drop, HOLDER.shard.tag)
    print(step, repr(float(loss)), "dropped", len(LOG))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": repr(float(B.numpy()[0])),
    "log": LOG,
    "writes": HOLDER.writes,
    "shard_tag": HOLDER.shard.tag,
}))
