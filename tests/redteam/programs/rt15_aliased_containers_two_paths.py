"""Probe: one list and one dict reachable from the step through two different paths
(a global and an attribute of an object; a dict nested inside another dict and the same
dict as a global), mutated through one path and read back through the other within
the same call, plus in-place list operations that move items.

The step: appends the loss to `tracker.hist` and then reads `len(HIST)` and `HIST[-1]`
(HIST is the same list object); does `STATS.setdefault(key, []).append(n)` where the
key alternates, then reads `CFG["stats"][key]` (CFG["stats"] is STATS); performs an
extended-slice assignment `WINDOW[::2] = [...]`, `WINDOW[1:3] = []` (deletion shifts
items) and `WINDOW += [n]` and then reads `WINDOW[0]` and `len(WINDOW)` to scale the
update. At step 12 the program rebinds `tracker.hist` to a new list (the aliasing ends)
and at step 20 rebinds it back to HIST. A runtime that keeps a copy per access path
until a commit, or tracks item positions without modeling slice assignment, reads
stale values inside the call. Mechanism: aliasing across access paths and
position-moving list mutations inside one call."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1538)
rng = np.random.default_rng(1538)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Tracker:
    pass


HIST = []
tracker = Tracker()
tracker.hist = HIST
STATS = {}
CFG = {"stats": STATS}
WINDOW = [1, 2, 3, 4, 5, 6]
SEEN = []


def train_step(x, y, n):
    global WINDOW
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    tracker.hist.append(round(float(loss), 6))
    seen_len = len(HIST)
    last = HIST[-1] if HIST else None
    key = "even" if n % 2 == 0 else "odd"
    STATS.setdefault(key, []).append(n)
    via_cfg = len(CFG["stats"][key])
    WINDOW[::2] = [n, n + 1, n + 2]
    WINDOW[1:3] = []
    WINDOW.extend([n % 5, n % 7])
    WINDOW += [n]
    del WINDOW[:len(WINDOW) - 6]
    scale = 1.0 / (1.0 + 0.01 * WINDOW[0] % 3)
    OPT.apply_gradients([(g * scale, W)])
    SEEN.append((seen_len, last, via_cfg, list(WINDOW)))
    return loss


for step in range(30):
    if step == 12:
        tracker.hist = []
    if step == 20:
        tracker.hist = HIST
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(round(float(loss), 6)), SEEN[-1])

print(json.dumps({"hist": HIST[-4:], "len_hist": len(HIST), "tracker_len": len(tracker.hist),
                  "stats": {k: v[-3:] for k, v in sorted(STATS.items())}, "window": WINDOW,
                  "W": [round(float(v), 6) for v in W.numpy().ravel()]}))
