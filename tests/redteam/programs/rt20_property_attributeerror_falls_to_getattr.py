"""Probes CPython's rule that an AttributeError raised inside a property getter makes
attribute lookup fall back to the class's `__getattr__`.

`Sched.lr` is a property returning `self._override` (a manual learning-rate override).
When the instance has no `_override`, that inner read calls `__getattr__("_override")`,
which raises AttributeError for private names; the property therefore raises
AttributeError, and CPython then calls `__getattr__("lr")`, which answers from the
DEFAULTS dict.  The step reads `SCHED.lr` inside `try: ... except AttributeError:` (a
last-resort rate of 0.0), so in eager the handler never runs.  The loop sets an
override at step 8, deletes it at step 16, changes `DEFAULTS["lr"]` at step 22, sets
another override at 28 and deletes it at 34.

A conversion that inlines the getter and routes its AttributeError to the step's own
`except` (instead of to `__getattr__`) would train with lr 0.0 and print "fallback"
where eager prints the default; freezing the first read would ignore the later edits.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2011)
random.seed(2011)
np.random.seed(2011)
rng = np.random.default_rng(2011)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)

DEFAULTS = {"lr": 0.02, "momentum": 0.0}


class Sched:
    @property
    def lr(self):
        return self._override

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return DEFAULTS[name]


SCHED = Sched()


def train_step(x, y):
    try:
        lr = SCHED.lr
        src = "sched"
    except AttributeError:
        lr = 0.0
        src = "fallback"
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(lr * g)
    return loss, lr, src


for step in range(40):
    if step == 8:
        SCHED._override = 0.08
    if step == 16:
        del SCHED._override
    if step == 22:
        DEFAULTS["lr"] = 0.05
    if step == 28:
        SCHED._override = 0.01
    if step == 34:
        del SCHED._override
    i = (step * 8) % 56
    loss, lr, src = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, round(float(loss), 6), lr, src)

print(json.dumps({
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
    "defaults": DEFAULTS,
}))
