"""Probes: object death caused by a write to a *function's* attribute in the step.

Caching helpers keep state on function objects (`step.last_batch = ...`, the pattern
behind memoising decorators).  The step records its newest batch record on the helper
function it calls with `summarize.latest = Batch(tag)`; the write goes into the
function's __dict__ and drops the previous record, whose last reference it was.  From
step 10 the loop registers a weakref.finalize on each stored record after the call; the
finalizer prints and bumps a counter that the step reads right after the write to pick
its clipping threshold.  Eager runs the finalizer at the write.  janus's death
detector reads the value an attribute write replaces; a function object is not an
ordinary instance (its __dict__ is the function's own dict slot)."""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1838)
rng = np.random.default_rng(1838)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32) * 1.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)

DROPPED = {"n": 0}


class Batch:
    def __init__(self, tag):
        self.tag = tag


def summarize(loss):
    return tf.sqrt(loss)


summarize.latest = Batch(-1)


def on_drop(tag):
    DROPPED["n"] += 1
    print("  batch record", tag, "dropped")


def train_step(x, y, tag):
    summarize.latest = Batch(tag)
    clip = 0.5 if DROPPED["n"] % 2 == 0 else 5.0
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tf.clip_by_norm(tape.gradient(loss, W), clip)
    W.assign_sub(0.05 * g)
    print("  step", tag, "sees dropped", DROPPED["n"], "clip", clip)
    return summarize(loss)


for step in range(30):
    i = (step * 8) % 56
    rmse = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    if step >= 10:
        weakref.finalize(summarize.latest, on_drop, summarize.latest.tag)
    print(step, repr(float(rmse)), "dropped", DROPPED["n"])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "dropped": DROPPED["n"],
    "latest": summarize.latest.tag,
}))
