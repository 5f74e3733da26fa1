"""Distillation with a periodically refreshed teacher snapshot.  On refresh steps the
step itself drops the old snapshot with `del self.teacher` and drops an old cached
feature table with `del self.cache[key]`; both objects carry a weakref.finalize
that appends to RELEASED, and the step reads len(RELEASED) right after the deletes.

`del obj.attr` and `del d[k]` are statements, not assignments or container-method
calls: in eager each removes the object's last reference, so its finalizer runs at
the `del`, before the step's read of RELEASED (which sets the distillation weight
and is stored in HISTORY).  A graph that deferred the deletes to its commit without
noticing that they free objects with finalizers would read RELEASED too short, pick
other weights and store other counts.  The JSON shows HISTORY, RELEASED and the
weights.
Probes: object lifetime under deletion statements (DELETE_ATTR, DELETE_SUBSCR)."""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1515)
rng = np.random.default_rng(1515)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)
RELEASED = []
HISTORY = []


class Snapshot:
    def __init__(self, tag, w):
        self.tag = tag
        self.w = w


class Trainer:
    def __init__(self):
        self.teacher = None
        self.pending = None
        self.cache = {}

    def step(self, x, y, refresh, stale_key):
        if refresh:
            del self.teacher
            self.teacher = self.pending
            self.pending = None
        if stale_key is not None:
            del self.cache[stale_key]
        released = len(RELEASED)
        HISTORY.append(released)
        alpha = 0.5 if released % 2 == 0 else 0.1
        with tf.GradientTape() as tape:
            pred = x @ W
            task = tf.reduce_mean(tf.square(pred - y))
            distill = tf.reduce_mean(tf.square(pred - x @ self.teacher.w))
            loss = task + alpha * distill
        grads = tape.gradient(loss, [W])
        OPT.apply_gradients(zip(grads, [W]))
        return loss, released


TR = Trainer()


def make_snapshot(tag):
    snap = Snapshot(tag, tf.constant(W.numpy()))
    weakref.finalize(snap, RELEASED.append, "teacher%d" % tag)
    return snap


TR.teacher = make_snapshot(0)
for step in range(32):
    refresh = False
    stale_key = None
    if step % 6 == 5:
        TR.pending = make_snapshot(step)
        refresh = True
    slot = "even" if step % 2 == 0 else "odd"
    if slot not in TR.cache:
        table = Snapshot(step, tf.constant(XS[step % 10]))
        weakref.finalize(table, RELEASED.append, "table%d" % step)
        TR.cache[slot] = table
        del table
    if step % 4 == 3:
        stale_key = "even" if step % 8 == 3 else "odd"
    i = (step * 8) % 88
    loss, released = TR.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), refresh, stale_key)
    print(step, repr(float(loss)), released, len(RELEASED))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "history": HISTORY,
    "released": RELEASED,
    "cache_keys": sorted(TR.cache),
    "teacher": TR.teacher.tag,
    "iterations": int(OPT.iterations.numpy()),
}))
