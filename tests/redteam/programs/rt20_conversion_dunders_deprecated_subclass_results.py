"""Probes the DeprecationWarning CPython raises when `__int__`, `__float__` or
`__index__` return an instance of a strict subclass (`bool`, `np.float64`).

The step reads a warm-up schedule object three ways: `int(SCHED)` (number of frozen
rows), `float(SCHED)` (a loss scale) and `range(4)[SCHED]` (through `__index__`).
Eager: in mode "plain" the dunders return exact ints/floats; in mode "quirky"
(from step 12) `__int__`/`__index__` return a bool and `__float__` an `np.float64`:
CPython converts them to exact `int`/`float` and issues a DeprecationWarning each time.
The program ignores those warnings first; from step 20 the step runs inside
`warnings.catch_warnings(record=True)` with "always", so each call records three
warnings (the count is printed); from step 28 `warnings.simplefilter("error",
DeprecationWarning)` turns them into exceptions, which the step catches and then uses
defaults; from step 36 mode is "plain" again.

A conversion that inlines the dunders and keeps their results would give `True` /
`np.float64` values (printed with type), record no warnings, or never raise: the printed
types, warning counts and fallback lines differ.
"""
import json
import random
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2003)
random.seed(2003)
np.random.seed(2003)
rng = np.random.default_rng(2003)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)

warnings.simplefilter("ignore", DeprecationWarning)


class Warmup:
    def __init__(self):
        self.mode = "plain"
        self.phase = 1

    def __int__(self):
        return self.phase if self.mode == "plain" else self.phase > 0

    def __float__(self):
        return 0.5 * self.phase if self.mode == "plain" else np.float64(0.5 * self.phase)

    def __index__(self):
        return self.phase if self.mode == "plain" else self.phase > 0


SCHED = Warmup()
SEEN = []


def train_step(x, y):
    try:
        frozen = int(SCHED)
        scale = float(SCHED)
        which = range(4)[SCHED]
        src = "sched"
    except DeprecationWarning as e:
        frozen, scale, which, src = 0, 1.0, 0, "error:" + str(e)[:40]
    mask = tf.constant([[0.0] if r < frozen else [1.0] for r in range(4)])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * scale + 0.01 * float(which)
    (g,) = tape.gradient(loss, [W])
    OPT.apply_gradients([(g * mask, W)])
    SEEN.append((type(frozen).__name__, type(scale).__name__, type(which).__name__))
    return loss, frozen, scale, which, src


for step in range(44):
    if step == 12:
        SCHED.mode = "quirky"
    if step == 28:
        warnings.simplefilter("error", DeprecationWarning)
    if step == 36:
        SCHED.mode = "plain"
        warnings.simplefilter("ignore", DeprecationWarning)
    i = (step * 8) % 56
    x, y = tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])
    if 20 <= step < 28:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            out = train_step(x, y)
        nwarn = len(caught)
        kinds = sorted({c.category.__name__ for c in caught})
    else:
        out = train_step(x, y)
        nwarn, kinds = "-", []
    loss, frozen, scale, which, src = out
    print(step, round(float(loss), 6), repr(frozen), repr(scale), repr(which), src, nwarn, kinds)

print(json.dumps({
    "seen_types": sorted({"/".join(t) for t in SEEN}),
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
