"""Probes a context manager whose `__exit__` returns a non-bool value: CPython
suppresses the exception iff that value is truthy.

The step does its update and then, inside `with GUARD:`, validates the batch: a batch
the loop marks bad raises ValueError.  `Guard.__exit__` returns `self.allow` for an
exception (None when there is none).  The loop sets `allow` to `3` (int: suppress), `0`
(propagate), `np.True_` (suppress), `"yes"` (suppress), `""` (propagate), `[]`
(propagate), `[0]` (suppress) over the run; propagated exceptions are caught by the loop.
Every call also counts the exits.  The step's status is "clean" only when the with-body
finished.

A conversion that decides suppression with `is True`, or with the first value's truth,
would propagate (or swallow) where eager does the opposite: printed statuses, caught
exceptions and counts differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2017)
random.seed(2017)
np.random.seed(2017)
rng = np.random.default_rng(2017)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.02)


class Guard:
    def __init__(self):
        self.allow = 3
        self.exits = 0
        self.suppressed = 0

    def __enter__(self):
        return self

    def __exit__(self, et, ev, tb):
        self.exits += 1
        if et is None:
            return None
        if self.allow:
            self.suppressed += 1
        return self.allow


GUARD = Guard()


def train_step(x, y, bad):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    status = "started"
    with GUARD:
        if bad:
            raise ValueError("bad batch")
        status = "clean"
    return loss, status


ALLOW = {10: 0, 15: np.True_, 20: "yes", 25: "", 30: [], 35: [0]}
for step in range(40):
    if step in ALLOW:
        GUARD.allow = ALLOW[step]
        print("allow =", repr(GUARD.allow))
    bad = step % 2 == 1
    i = (step * 8) % 56
    try:
        loss, status = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), bad)
        print(step, round(float(loss), 6), status, GUARD.exits, GUARD.suppressed)
    except ValueError as e:
        print(step, "propagated", str(e), GUARD.exits, GUARD.suppressed)

print(json.dumps({
    "exits": GUARD.exits,
    "suppressed": GUARD.suppressed,
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
