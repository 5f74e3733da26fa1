"""Probe: the program's own exception classes whose __str__ / __repr__ are Python code
reading mutable state, raised and caught inside the step.

LossSpike (an Exception subclass with no __init__ of its own, so BaseException builds
it) defines __str__ that formats a global severity table and a counter it bumps, and
__repr__ reading a class attribute the loop edits. The step raises it on a Python flag
(every third step), catches it, and records str(e), repr(e) and f"{e!s}" into a list,
then prints. The caught tuple `CATCH` is a global the loop rebinds at step 16 from
(LossSpike,) to (KeyError,), after which the exception escapes the step and the loop
catches it (and prints what it got). At step 12 the loop replaces LossSpike.__str__.
Eager runs the program's __str__ at each str(); a runtime that answers str(e) with
BaseException's own code, or runs the method once at build time, prints other text and
the counter differs. Mechanism: user-defined dunders on exception classes, and a
rebound except-tuple."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1508)
rng = np.random.default_rng(1508)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.Adam(learning_rate=0.05)

SEVERITY = {"spike": "minor"}
FORMATTED = [0]


class LossSpike(Exception):
    tag = "v1"

    def __str__(self):
        FORMATTED[0] += 1
        return f"spike[{SEVERITY['spike']}#{FORMATTED[0]}]{self.args}"

    def __repr__(self):
        return f"LossSpike<{LossSpike.tag}>"


CATCH = (LossSpike,)
MESSAGES = []


def train_step(x, y, n):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    try:
        if n % 3 == 0:
            raise LossSpike(n, "flag")
        OPT.apply_gradients([(g, W)])
    except CATCH as e:
        MESSAGES.append(str(e))
        MESSAGES.append(repr(e))
        print(f"caught {e!s} / {e!r}")
        OPT.apply_gradients([(g * 0.5, W)])
    return loss


def str_v2(self):
    FORMATTED[0] += 10
    return "spike-v2:" + SEVERITY["spike"]


for step in range(30):
    if step == 6:
        SEVERITY["spike"] = "major"
    if step == 9:
        LossSpike.tag = "v2"
    if step == 12:
        LossSpike.__str__ = str_v2
    if step == 16:
        CATCH = (KeyError,)
    if step == 24:
        CATCH = (KeyError, LossSpike)
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
        print(step, repr(round(float(loss), 6)))
    except LossSpike as e:
        print(step, "escaped:", str(e), repr(e))

print(json.dumps({"messages": MESSAGES, "formatted": FORMATTED[0],
                  "W": [round(float(v), 6) for v in W.numpy().ravel()],
                  "iterations": int(OPT.iterations.numpy())}))
