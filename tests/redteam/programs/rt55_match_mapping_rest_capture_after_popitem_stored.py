"""The step dispatches on a global run-config dict with a `match` statement using
mapping patterns: `case {"mode": "sgd", "lr": lr, **rest}` and
`case {"mode": "momentum", "lr": lr, "beta": beta, **rest}`.  Before matching it pops the
config's last entry if it is a one-shot flag (`if "once" in RUN: RUN.popitem()`).  The
captured `rest` (a new dict holding the caller's remaining values, in the config's
order) is stored in the global `REST`.  Between calls the loop adds a one-shot key
(step 6: popped by the next call, so `rest` never sees it), switches the mode to
momentum and adds "beta" (step 11), adds an extra key that lands in `rest` (step 17),
adds another one-shot key after it (step 22) and reorders keys (step 27).
Probes: mapping patterns with `**rest` over the program's dict changed by popitem in
the same call, the made dict stored (its keys and order, value identity), the dict's
keys changed between calls."""
import random

import numpy

random.seed(5537)
numpy.random.seed(5537)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5537)
rng = np.random.default_rng(5537)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS @ np.array([[0.3], [1.2], [-0.7]], np.float32)).astype(np.float32)

W = tf.Variable(np.zeros((3, 1), np.float32))
VEL = tf.Variable(np.zeros((3, 1), np.float32))
NOTE = object()
RUN = {"mode": "sgd", "lr": 0.05, "note": NOTE}
REST = None
MODES = []


def train_step(x, y):
    global REST
    if "once" in RUN:
        RUN.popitem()
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    match RUN:
        case {"mode": "sgd", "lr": lr, **rest}:
            W.assign_sub(lr * g)
            MODES.append("sgd")
        case {"mode": "momentum", "lr": lr, "beta": beta, **rest}:
            VEL.assign(beta * VEL + g)
            W.assign_sub(lr * VEL)
            MODES.append("momentum")
        case _:
            rest = {}
            MODES.append("none")
    REST = rest
    return loss


for step in range(32):
    if step == 6:
        RUN["once"] = True
    if step == 11:
        RUN["mode"] = "momentum"
        RUN["beta"] = 0.8
    if step == 17:
        RUN["clip"] = 1.0
    if step == 22:
        RUN["once"] = 2
    if step == 27:
        RUN = {"beta": 0.5, "note": NOTE, "lr": 0.02, "mode": "momentum"}
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), MODES[-1], sorted(RUN), list(REST),
          REST.get("note") is NOTE)

print(json.dumps({"rest": list(REST), "modes": MODES[-4:], "note_kept": REST.get("note") is NOTE,
                  "w": [repr(float(t)) for t in W.numpy().ravel()]}))
