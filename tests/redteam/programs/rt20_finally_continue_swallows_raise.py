"""Probes `continue` inside a `finally` clause, which discards the exception in flight.

The step splits a batch into four micro-batches in a Python loop.  For each one it
computes a gradient inside `try:`; a micro-batch listed in the global BAD (a Python
set) raises ValueError before the update, and one whose gradient norm is above MAX_NORM
raises FloatingPointError.  The `finally` counts the micro-batch and, when SKIP_BAD is
True, `continue`s: CPython then drops the exception and goes on with the next
micro-batch.  When SKIP_BAD is False the exception leaves the step and the loop catches
it (updates already applied stay applied).  The loop changes BAD at steps 10 and 22,
MAX_NORM at step 16, SKIP_BAD at steps 26 and 34.

A conversion that routes the raise to the `finally` but then re-raises (ignoring the
`continue`), or treats the `continue` as the end of the finally only, would leak an
exception eager swallows or skip updates eager makes: counters, printed lines and
weights differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2015)
random.seed(2015)
np.random.seed(2015)
rng = np.random.default_rng(2015)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.02)

BAD = set()
MAX_NORM = 1e9
SKIP_BAD = True
COUNTS = {"seen": 0, "applied": 0}


def train_step(x, y):
    applied = 0
    for m in range(4):
        try:
            xm, ym = x[m * 4:(m + 1) * 4], y[m * 4:(m + 1) * 4]
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(xm @ W - ym))
            grads = tape.gradient(loss, [W])
            if m in BAD:
                raise ValueError(f"micro-batch {m} flagged")
            if float(tf.norm(grads[0])) > MAX_NORM:
                raise FloatingPointError("norm too large")
            OPT.apply_gradients(zip(grads, [W]))
            applied += 1
            COUNTS["applied"] += 1
        finally:
            COUNTS["seen"] += 1
            if SKIP_BAD:
                continue
    return applied


for step in range(40):
    if step == 10:
        BAD = {1, 3}
    if step == 16:
        MAX_NORM = 2.0
    if step == 22:
        BAD = {0}
    if step == 26:
        SKIP_BAD = False
    if step == 34:
        SKIP_BAD = True
        BAD = set()
    i = (step * 16) % 80
    try:
        applied = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
        print(step, "applied", applied, COUNTS["seen"], COUNTS["applied"])
    except (ValueError, FloatingPointError) as e:
        print(step, "raised", type(e).__name__, str(e), COUNTS["seen"], COUNTS["applied"])

print(json.dumps({
    "counts": COUNTS,
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
