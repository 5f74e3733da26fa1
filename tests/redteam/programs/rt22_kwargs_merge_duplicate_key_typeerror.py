"""Probes keyword merging at a call with several ** mappings and an explicit keyword:
`head(h, rate=RATE, **BASE, **OVR)`.  CPython raises TypeError ("got multiple values
for keyword argument") when two of them share a key, while the display `{**BASE,
**OVR}` silently lets the later one win.  The step catches the TypeError and then calls
the head with the merged dict instead, counting the conflicts.  The loop edits the dicts
in place: at step 8 OVR gains "gain" (no conflict), at step 14 OVR gains "rate"
(conflict with the explicit keyword), at step 22 that key moves to BASE and OVR gains
"bias" while BASE also has "bias" (conflict between the two mappings), at step 30
both conflicts are removed.  A graph that merged the keywords like a dict display, or
that froze the first key sets, would print other conflict counts and train other
weights.  Also positional-only `scale` in `head` may coexist with a "scale" key in
**extra (step 18), which is legal in CPython."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2203)
np.random.seed(2203)
keras.utils.set_random_seed(2203)
rng = np.random.default_rng(2203)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25], [2.0]], np.float32) + 0.3).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.5, name="W")
V = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.5, name="V")
OPT = keras.optimizers.Adam(learning_rate=0.01)
RATE = 1.0
BASE = {"bias": 0.0}
OVR = {}
STATS = {"conflicts": 0, "ok": 0}


def head(h, scale=1.0, /, rate=1.0, gain=1.0, bias=0.0, **extra):
    s = extra["scale"] if "scale" in extra else 1.0
    return (h @ V) * scale * rate * gain * s + bias


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W)
        try:
            pred = head(h, 0.9, rate=RATE, **BASE, **OVR)
            STATS["ok"] += 1
        except TypeError:
            STATS["conflicts"] += 1
            merged = {"rate": RATE, **BASE, **OVR}
            pred = head(h, 0.9, **merged)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W, V])
    OPT.apply_gradients(zip(grads, [W, V]))
    return loss


for step in range(38):
    if step == 8:
        OVR["gain"] = 1.5
    if step == 14:
        OVR["rate"] = 0.5
    if step == 18:
        OVR["scale"] = 0.8
    if step == 22:
        BASE["rate"] = OVR.pop("rate")
        OVR["bias"] = 0.2
    if step == 30:
        del BASE["rate"]
        del BASE["bias"]
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), STATS["ok"], STATS["conflicts"], sorted(BASE), sorted(OVR))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "V": [repr(float(v)) for v in V.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "stats": STATS,
}))
