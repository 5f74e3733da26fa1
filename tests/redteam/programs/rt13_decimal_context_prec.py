"""Gradient-accumulation scale computed with the decimal module; the decimal context
changes mid-run.

The step divides the gradients by the accumulation factor using exact decimal
arithmetic (a habit of code that wants "exact" learning-rate bookkeeping):
`scale = float(Decimal(1) / Decimal(ACCUM))` and `lr_eff = float(Decimal(str(BASE_LR)) *
Decimal(1) / Decimal(ACCUM))`.  ACCUM and BASE_LR never change, so every input a guard
could see is constant.  What changes is the *thread-local decimal context* that the C
implementation of Decimal reads on every operation: at step 10 the program lowers
`decimal.getcontext().prec` to 5 (as a reporting helper would), at step 20 it switches
the rounding mode to ROUND_UP.  Eager recomputes the quotient under the new context at
every call (0.3333333333333333 -> 0.33333 -> 0.33334, and lr_eff with it), so the
gradients, losses and the recorded scales change.  A graph that ran the
Decimal arithmetic once at build time on its guarded constants and folded the float keeps
the 28-digit quotient.  Probes: C-level thread-local state (decimal context) read by
Python-visible arithmetic run at build time on "pinned" values.
"""
import decimal
import json
from decimal import Decimal

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1301)
rng = np.random.default_rng(1301)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 1)).astype(np.float32) + 0.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
B = tf.Variable(tf.zeros((1,)))

ACCUM = 3
BASE_LR = 0.07
SCALES = []


def train_step(x, y):
    scale = float(Decimal(1) / Decimal(ACCUM))
    lr_eff = float(Decimal(str(BASE_LR)) * Decimal(1) / Decimal(ACCUM))
    with tf.GradientTape() as tape:
        pred = x @ W + B
        loss = tf.reduce_mean(tf.square(pred - y))
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(lr_eff * (gw * (scale * ACCUM)))
    B.assign_sub(lr_eff * (gb * (scale * ACCUM)))
    SCALES.append(scale)
    return loss, lr_eff


for step in range(30):
    if step == 10:
        decimal.getcontext().prec = 5
    if step == 20:
        decimal.getcontext().rounding = decimal.ROUND_UP
    i = (step * 8) % 88
    loss, lr_eff = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(lr_eff), repr(SCALES[-1]))

print(json.dumps({
    "scales": sorted(set(repr(s) for s in SCALES)),
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": repr(float(B.numpy()[0])),
    "prec": decimal.getcontext().prec,
}))
