"""Probes exception notes (`add_note`, PEP 678) and `sys.exception()` (3.11+) inside a
step's handler.

The step looks its loss weight up in WEIGHTS by the current task name (a global the
loop changes).  A missing key raises KeyError inside the step; the handler asks
`sys.exception()` (the exception being handled), checks `is e`, adds a note naming the
task, and then either uses a default weight or, when STRICT is set, re-raises for the
loop, which prints the notes.  The task becomes unknown at step 12 (then known again
at 18), STRICT is set at step 24 with an unknown task from 28 to 33.

A conversion that answers `sys.exception()` with None or another object, drops the
note, or adds it at the wrong time would print other handler results and notes than
eager.
"""
import json
import random
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2016)
random.seed(2016)
np.random.seed(2016)
rng = np.random.default_rng(2016)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.02)

WEIGHTS = {"main": 1.0, "aux": 0.5}
TASK = "main"
STRICT = False
HANDLED = []


def train_step(x, y):
    try:
        weight = WEIGHTS[TASK]
    except KeyError as e:
        cur = sys.exception()
        e.add_note(f"task={TASK}")
        HANDLED.append((cur is e, type(cur).__name__))
        if STRICT:
            raise
        weight = 0.1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * weight
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, weight


for step in range(40):
    if step == 6:
        TASK = "aux"
    if step == 12:
        TASK = "probe"
    if step == 18:
        TASK = "main"
    if step == 24:
        STRICT = True
    if step == 28:
        TASK = "extra"
    if step == 34:
        TASK = "aux"
    i = (step * 8) % 56
    try:
        loss, weight = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, round(float(loss), 6), weight, len(HANDLED), HANDLED[-1:] )
    except KeyError as e:
        print(step, "KeyError", str(e), getattr(e, "__notes__", None), HANDLED[-1:])

print(json.dumps({
    "handled": HANDLED,
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
