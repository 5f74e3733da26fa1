"""Probe: the step reads and writes its caller's local variables through frame
introspection (PEP 667 write-through f_locals proxies in 3.13).

`run_epoch()` is a function whose loop calls the step; the step does
`caller = sys._getframe(1)`, reads `caller.f_locals["warm"]` to pick its learning-rate
multiplier, and writes back `caller.f_locals["seen"] = seen + 1` and
`caller.f_locals["last_loss"] = float(loss)`. In 3.13 these writes land in the caller's
fast locals immediately, so the caller's loop sees them after each call (and uses
`seen` to decide when to stop warming up). It also records
`caller.f_code.co_name` and `caller.f_lineno`. A graph cannot read the caller's frame
at run time: a build that reads it once freezes `warm`; writes deferred to a commit, or
dropped, leave `seen` behind. Mechanism: sys._getframe / frame.f_locals proxy reads and
writes from inside a hot step."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1516)
rng = np.random.default_rng(1516)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
WHERE = []


def train_step(x, y):
    caller = sys._getframe(1)
    warm = caller.f_locals["warm"]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g * (0.2 if warm else 1.0), W)])
    caller.f_locals["seen"] = caller.f_locals["seen"] + 1
    caller.f_locals["last_loss"] = float(loss)
    WHERE.append((caller.f_code.co_name, caller.f_lineno - run_epoch.__code__.co_firstlineno))
    return loss


def run_epoch(epoch, steps):
    warm = epoch % 2 == 0
    seen = 0
    last_loss = None
    out = []
    for s in range(steps):
        i = ((epoch * steps + s) * 8) % 56
        train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        if warm and seen >= 3:
            warm = False
        out.append((seen, warm, round(last_loss, 6)))
    return out


rows = []
for epoch in range(5):
    r = run_epoch(epoch, 7)
    rows.extend(r)
    print(epoch, r)

print(json.dumps({"rows_tail": rows[-3:], "where": sorted(set(WHERE)),
                  "W": [round(float(v), 6) for v in W.numpy().ravel()]}))
