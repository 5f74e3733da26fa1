"""Probes `match` capture bindings that survive a failed guard.

In CPython a case's capture names are bound once its pattern matches, before its guard
runs; if the guard is false the names stay bound and matching goes on.  The step
classifies `(lossf, STAGE)` with guarded cases and then reads the captures `v` and `s`
after the `match` (initialised to None before it), storing them in TRACE and using `v`
to scale a second update.  `lossf` is the step's loss as a float; the guards compare it
with WARM_CUT and 0.5, so which guard holds depends on the data.  STAGE changes
("warm" -> "main" at step 12, "cool" at 24, "main" at 32) and WARM_CUT at step 18.

A conversion that binds captures only when the guard holds (or only in the arm taken)
leaves `v`/`s` None where eager has the loss and the stage: TRACE, the second update
and the final weights differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2009)
random.seed(2009)
np.random.seed(2009)
rng = np.random.default_rng(2009)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
BIAS = tf.Variable([0.0])
OPT = keras.optimizers.SGD(learning_rate=0.02)

STAGE = "warm"
WARM_CUT = 100.0
TRACE = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + BIAS - y))
    grads = tape.gradient(loss, [W, BIAS])
    OPT.apply_gradients(zip(grads, [W, BIAS]))
    lossf = float(loss)
    v = s = None
    match (lossf, STAGE):
        case (v, "warm") if v > WARM_CUT:
            note = "warm-high"
        case (v, s) if s == "main" and v > 0.5:
            note = "main-high"
        case _:
            note = "other"
    bump = 0.0 if v is None else min(v, 5.0) * 0.001
    BIAS.assign_add([bump])
    TRACE.append((note, None if v is None else round(v, 6), s))
    return loss, note, v, s


for step in range(40):
    if step == 12:
        STAGE = "main"
    if step == 18:
        WARM_CUT = 0.0
    if step == 24:
        STAGE = "cool"
    if step == 30:
        STAGE = "warm"
    if step == 35:
        STAGE = "main"
    i = (step * 8) % 56
    loss, note, v, s = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, round(float(loss), 6), note, None if v is None else round(v, 6), s)

print(json.dumps({
    "trace_tail": TRACE[-6:],
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
    "bias": round(float(BIAS.numpy()[0]), 6),
}))
