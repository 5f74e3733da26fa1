"""The step builds small immutable containers from guarded Python values every call
(a (phase, width) tuple, a frozenset of active parameter names, a slice and a range
for the feature window), stores them on a tracker and returns them; it also returns
a constant tuple of its code.

In eager each call makes new tuple, frozenset, slice and range objects (BUILD_TUPLE
and the constructors allocate), so the loop's `is` comparisons with the previous
call's results are always False, while the object returned and the one stored on the
tracker are the same object; the code's constant tuple is the same object at every
call.  A graph that made these values once at build time and handed the same
objects back at every commit would turn the "fresh" counts into "shared" ones; one
that copied everything would break the stored-is-returned and constant identities.
The phase and window change mid-run.
Probes: fresh-value identity for immutable containers (tuple, frozenset, slice,
range), beyond str/float/int/bytes/complex."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1616)
rng = np.random.default_rng(1616)

XS = rng.normal(size=(96, 8)).astype(np.float32)
YS = (XS[:, :4] @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CFG = {"phase": "warm", "width": 4}
ACTIVE = ["kernel", "bias"]


class Tracker:
    def __init__(self):
        self.meta = None
        self.names = None
        self.window = None
        self.span = None


TR = Tracker()


def train_step(x, y):
    meta = (CFG["phase"], CFG["width"])
    names = frozenset(ACTIVE)
    window = slice(0, CFG["width"])
    span = range(CFG["width"])
    with tf.GradientTape() as tape:
        feats = x[:, window]
        pred = feats @ W[window]
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    TR.meta = meta
    TR.names = names
    TR.window = window
    TR.span = span
    return loss, meta, names, window, span, ("kernel", "bias")


prev = None
counts = {"meta_fresh": 0, "names_fresh": 0, "window_fresh": 0, "span_fresh": 0,
          "stored_is_returned": 0, "const_shared": 0}
for step in range(30):
    if step == 10:
        CFG["phase"] = "main"
    if step == 20:
        CFG["width"] = 6
    i = (step * 8) % 88
    out = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    loss, meta, names, window, span, const = out
    if prev is not None:
        counts["meta_fresh"] += meta is not prev[1]
        counts["names_fresh"] += names is not prev[2]
        counts["window_fresh"] += window is not prev[3]
        counts["span_fresh"] += span is not prev[4]
        counts["const_shared"] += const is prev[5]
    counts["stored_is_returned"] += (TR.meta is meta) + (TR.names is names) + \
        (TR.window is window) + (TR.span is span)
    print(step, repr(float(loss)), meta, sorted(names), window, span,
          type(meta).__name__, type(names).__name__)
    prev = out

del prev, out
print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "counts": counts,
    "last": [list(TR.meta), sorted(TR.names), [TR.window.start, TR.window.stop], list(TR.span)],
    "iterations": int(OPT.iterations.numpy()),
}))
