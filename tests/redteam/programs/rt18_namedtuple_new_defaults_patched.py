"""Probes: a namedtuple's defaults changed through Cls.__new__.__defaults__.

The classic recipe for namedtuple defaults (before 3.7, still in use) is
`Cfg.__new__.__defaults__ = (...)`.  The step makes its loss configuration every call
with `Cfg()` / `Cfg(scale)` and relies on the defaults.  The namedtuple's __new__ is
code collections compiles from a string (library code, run natively), and its
`_field_defaults` dict is NOT updated by the recipe, so two places disagree.  At step 10
the loop changes the defaults to (scale=0.5, shift=0.1, power=2), at step 20 to
(scale=1.5, shift=0.0, power=1).  Eager builds each Cfg from __new__'s current
__defaults__; a build that baked the defaults, or read them from _field_defaults,
would not follow."""
import collections
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1816)
rng = np.random.default_rng(1816)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32) * 0.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.03)

Cfg = collections.namedtuple("Cfg", ["scale", "shift", "power"], defaults=[1.0, 0.0, 2])
SEEN = []


def train_step(x, y):
    cfg = Cfg()
    aux = Cfg(0.25)
    with tf.GradientTape() as tape:
        err = tf.abs(x @ W * cfg.scale + cfg.shift - y)
        loss = tf.reduce_mean(err ** cfg.power) + aux.scale * aux.shift
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    SEEN.append(tuple(cfg))
    return loss


for step in range(30):
    if step == 10:
        Cfg.__new__.__defaults__ = (0.5, 0.1, 2)
    if step == 20:
        Cfg.__new__.__defaults__ = (1.5, 0.0, 1)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), SEEN[-1])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "distinct_cfgs": sorted({repr(s) for s in SEEN}),
    "field_defaults": Cfg._field_defaults,
}))
