"""Probes the three lookups the import statements inside a step make, when a
submodule's `sys.modules` entry and its parent package's attribute disagree.

The step reads its loss scale from a hyper-parameter submodule `hp.sched` (built in
memory, already imported):
  `import hp.sched as a`      -> IMPORT_NAME then IMPORT_FROM: `getattr(hp, "sched")`,
                                  falling back to `sys.modules["hp.sched"]` if missing;
  `from hp.sched import SCALE` -> `sys.modules["hp.sched"].SCALE`;
  `from hp import sched as b`  -> `getattr(hp, "sched")` first;
  `importlib.import_module("hp.sched")` -> `sys.modules`.
At step 12 a hot reload puts a new module in `sys.modules` only; at step 20 the package
attribute is set to a third module; at step 28 the attribute is deleted (the `as` forms
fall back to sys.modules); at step 34 both point to the first module again.

Eager's four scales differ in those phases.  A conversion that reads every form from
`sys.modules` (or guards only `sys.modules`) would use the wrong module's SCALE: the
printed scales, losses and weights differ.
"""
import json
import random
import sys
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2007)
random.seed(2007)
np.random.seed(2007)
rng = np.random.default_rng(2007)

hp = types.ModuleType("hp")
hp.__path__ = []
sys.modules["hp"] = hp


def make_sched(scale, tag):
    m = types.ModuleType("hp.sched")
    m.SCALE = scale
    m.TAG = tag
    return m


S1, S2, S3 = make_sched(1.0, "v1"), make_sched(0.5, "v2"), make_sched(0.25, "v3")
sys.modules["hp.sched"] = S1
hp.sched = S1

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.02)


def train_step(x, y):
    import hp.sched as a
    from hp.sched import SCALE
    from hp import sched as b
    import importlib
    c = importlib.import_module("hp.sched")
    scale = a.SCALE + 2.0 * SCALE + 4.0 * b.SCALE + 8.0 * c.SCALE
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (scale / 15.0)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, (a.TAG, b.TAG, c.TAG, SCALE)


for step in range(40):
    if step == 12:
        sys.modules["hp.sched"] = S2
    if step == 20:
        hp.sched = S3
    if step == 28:
        del hp.sched
    if step == 34:
        sys.modules["hp.sched"] = S1
        hp.sched = S1
    i = (step * 8) % 56
    loss, tags = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, round(float(loss), 6), tags)

print(json.dumps({
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
    "sysmod": sys.modules["hp.sched"].TAG,
    "attr": getattr(hp, "sched").TAG,
}))
