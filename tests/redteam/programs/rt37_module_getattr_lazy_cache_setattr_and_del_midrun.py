"""A hyper-parameter module made with types.ModuleType gets a PEP 562 __getattr__ (the
program's function): `lr` is computed at every access from HP.base_lr and a global
DECAY, `wd` is computed once and cached in a global dict CACHE (writing the module itself
from __getattr__ is refused), `momentum` is absent (getattr(HP, "momentum", 0.0) falls back), and
every call of __getattr__ bumps a global counter.  The step reads HP.lr, HP.wd and
getattr(HP, "momentum", 0.0) and prints the lookup count.  Mid-run the program deletes
the cached CACHE["wd"] (step 8, so the next access computes and caches it again), sets
HP.base_lr (step 14), sets HP.momentum (step 20, so __getattr__ is no longer asked).
Probes: a module's __getattr__ with writes of its own, answers cached between calls."""
import random

import numpy

random.seed(3730)
numpy.random.seed(3730)

import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3730)
rng = np.random.default_rng(3730)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = rng.normal(size=(64, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
VEL = tf.Variable(tf.zeros_like(W))
HP = types.ModuleType("hp")
HP.base_lr = 0.05
DECAY = 0.9
LOOKUPS = 0
CACHE = {}


def _hp_getattr(name):
    global LOOKUPS
    LOOKUPS += 1
    if name == "lr":
        return HP.base_lr * DECAY
    if name == "wd":
        if "wd" not in CACHE:
            CACHE["wd"] = HP.base_lr * 0.2
        return CACHE["wd"]
    raise AttributeError(name)


HP.__getattr__ = _hp_getattr


def train_step(x, y):
    lr = HP.lr
    wd = HP.wd
    mom = getattr(HP, "momentum", 0.0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + wd * tf.reduce_sum(tf.square(W))
    g = tape.gradient(loss, W)
    VEL.assign(mom * VEL + g)
    W.assign_sub(lr * VEL)
    return loss, repr(lr), repr(wd), mom


for step in range(26):
    if step == 8:
        del CACHE["wd"]
    if step == 14:
        HP.base_lr = 0.02
    if step == 20:
        HP.momentum = 0.5
    j = (step * 8) % 56
    loss, lr, wd, mom = train_step(tf.constant(XS[j:j + 8]), tf.constant(YS[j:j + 8]))
    print(step, float(loss).hex(), lr, wd, mom, LOOKUPS, "wd" in CACHE)

print("final", [float(v).hex() for v in W.numpy().ravel()], LOOKUPS, sorted(k for k in vars(HP) if not k.startswith("__")))
