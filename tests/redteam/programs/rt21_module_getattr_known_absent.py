"""Known-absent module attributes: module __getattr__, a new module, a module class swap.

The step imports a hyper-parameter module the program made (`import rt21_hp`, found in
sys.modules) and reads `getattr(rt21_hp, "warm", 0.0)` and `hasattr(rt21_hp, "decay")`,
both absent at first.  Mid-run: step 12 puts a module-level `__getattr__` into the
module's dict (PEP 562: now "warm" is 0.5); step 20 replaces sys.modules["rt21_hp"] by
another module that has `decay` but no `__getattr__`; step 28 switches that module's
`__class__` to a ModuleType subclass whose CLASS defines `__getattr__` (CPython allows
module class assignment; "warm" is now 0.25 through the type); step 34 deletes `decay`
from the module.  The contract guards an absent attribute on the object, each class of
its type and a module's `__getattr__`: each change must rebuild, and a graph kept past
one would scale the loss by the old factors.
"""
import json
import random
import sys
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2117)
random.seed(2117)
np.random.seed(2117)
rng = np.random.default_rng(2117)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

HP1 = types.ModuleType("rt21_hp")
HP1.mult = 1.0
sys.modules["rt21_hp"] = HP1


def module_getattr(name):
    if name == "warm":
        return 0.5
    raise AttributeError(name)


class CfgModule(types.ModuleType):
    def __getattr__(self, name):
        if name == "warm":
            return 0.25
        raise AttributeError(name)


def train_step(x, y):
    import rt21_hp
    warm = getattr(rt21_hp, "warm", 0.0)
    decay = hasattr(rt21_hp, "decay")
    factor = rt21_hp.mult * (1.0 + warm) * (0.5 if decay else 1.0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * factor
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, warm, decay, rt21_hp is HP1


HP2 = None
for step in range(42):
    if step == 12:
        HP1.__getattr__ = module_getattr
    if step == 20:
        HP2 = types.ModuleType("rt21_hp")
        HP2.mult = 1.0
        HP2.decay = 0.9
        sys.modules["rt21_hp"] = HP2
    if step == 28:
        HP2.__class__ = CfgModule
    if step == 34:
        del HP2.decay
    i = (step * 8) % 88
    loss, warm, decay, first = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(warm), decay, first)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
