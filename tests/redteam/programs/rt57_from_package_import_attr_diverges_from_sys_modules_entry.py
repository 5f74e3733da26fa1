"""A raw-TF linear model whose step imports its schedule module inside the step:
`from rt57hp import sched` and `import rt57hp.sched as alt` (both the IMPORT_FROM
instruction: the package's attribute first, `sys.modules["rt57hp.sched"]` only when the
attribute is missing), and also reads `sys.modules["rt57hp.sched"].BIAS`.  The package
and its submodules are module objects the program made (types.ModuleType) and put in
`sys.modules`.  Mid-run the attribute and the sys.modules entry are made to disagree:
at step 8 `sys.modules["rt57hp.sched"]` is replaced (the package attribute still names
the old module, which `from` keeps finding), at step 15 the package attribute is
replaced by a third module, at step 22 `del rt57hp.sched` (the `from` falls back to
the sys.modules entry), at step 28 the sys.modules entry's SCALE changes.
Probes: `from pkg import sub` in a converted step, whose answer is the package
attribute, not the sys.modules entry, where the two differ."""
import random

import numpy

random.seed(5710)
numpy.random.seed(5710)

import json
import sys
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5710)
rng = np.random.default_rng(5710)
XS = rng.normal(size=(160, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32) + 0.3).astype(np.float32)


def make_module(name, scale, bias, tag):
    m = types.ModuleType(name)
    m.SCALE = scale
    m.BIAS = bias
    m.TAG = tag
    return m


PKG = types.ModuleType("rt57hp")
PKG.__path__ = []
SCHED_A = make_module("rt57hp.sched", 1.0, 0.0, "a")
SCHED_B = make_module("rt57hp.sched", 0.25, 0.1, "b")
SCHED_C = make_module("rt57hp.sched", 2.0, -0.1, "c")
PKG.sched = SCHED_A
sys.modules["rt57hp"] = PKG
sys.modules["rt57hp.sched"] = SCHED_A

W = tf.Variable(np.zeros((5, 1), np.float32), name="w")
B = tf.Variable([0.0], name="b")


def train_step(x, y):
    from rt57hp import sched
    import rt57hp.sched as alt
    extra = sys.modules["rt57hp.sched"].BIAS
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, W) + B + extra
        loss = tf.reduce_mean(tf.square(pred - y))
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(0.05 * sched.SCALE * gw)
    B.assign_sub(0.05 * alt.SCALE * gb)
    return loss, sched.TAG + alt.TAG, extra


for step in range(34):
    if step == 8:
        sys.modules["rt57hp.sched"] = SCHED_B
    if step == 15:
        PKG.sched = SCHED_C
    if step == 22:
        del PKG.sched
    if step == 28:
        SCHED_B.SCALE = 0.5
    i = (step * 8) % 152
    loss, tags, extra = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), tags, repr(extra), repr(float(W.numpy()[0, 0])))

del sys.modules["rt57hp.sched"]
del sys.modules["rt57hp"]
print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()],
                  "b": repr(float(B.numpy()[0]))}))
