"""Probes a `weakref.WeakSet` registry of gradient hooks that the step iterates, whose
members are added mid-run and vanish when the program drops their last reference.

Hooks register themselves in HOOKS (a WeakSet) and the program keeps them alive in
KEEP.  The step applies `sorted(HOOKS, key=name)` to the gradients and records the hook
names and `len(HOOKS)`.  At step 10 a clipping hook is added; at step 18 a scaling hook;
at step 24 the program drops the clipping hook from KEEP (its last reference: CPython
frees it and the WeakSet forgets it at once); at step 30 it replaces the scaling hook
by a new one with the same name and another factor.

A conversion that iterates the WeakSet natively once at build time, or keeps its hooks
alive (so the WeakSet never forgets them), applies other hooks: the printed names,
sizes and weights differ.
"""
import json
import random
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2021)
random.seed(2021)
np.random.seed(2021)
rng = np.random.default_rng(2021)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.03)

HOOKS = weakref.WeakSet()
KEEP = []


class ScaleHook:
    def __init__(self, name, factor):
        self.name = name
        self.factor = factor
        HOOKS.add(self)

    def __call__(self, g):
        return g * self.factor


class ClipHook:
    def __init__(self, name, limit):
        self.name = name
        self.limit = limit
        HOOKS.add(self)

    def __call__(self, g):
        return tf.clip_by_value(g, -self.limit, self.limit)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    names = []
    for hook in sorted(HOOKS, key=lambda h: h.name):
        g = hook(g)
        names.append(hook.name)
    OPT.apply_gradients([(g, W)])
    return loss, names, len(HOOKS)


for step in range(40):
    if step == 10:
        KEEP.append(ClipHook("a_clip", 0.1))
    if step == 18:
        KEEP.append(ScaleHook("b_scale", 0.5))
    if step == 24:
        KEEP.pop(0)
    if step == 30:
        KEEP[0] = ScaleHook("b_scale", 2.0)
    i = (step * 8) % 56
    loss, names, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, round(float(loss), 6), names, n)

print(json.dumps({
    "hooks": sorted((h.name, getattr(h, "factor", None)) for h in HOOKS),
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
}))
