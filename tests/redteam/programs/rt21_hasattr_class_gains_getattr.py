"""getattr(obj, name, default) / hasattr(obj, name) while the classes gain __getattr__.

The step reads `getattr(CFG, "boost", 1.0)` and `hasattr(CFG, "warm")` on an instance
whose class and base class have neither attribute and no __getattr__: both names are
"known absent", and the contract says the absence is guarded on the object and on each
class of its type.  Mid-run the program gives the BASE class a `__getattr__` (step 12:
answers "boost" with 2.0, raises AttributeError otherwise), so the subclass instance
now has `boost` (CPython updates the subclass's getattr slot), then gives the class
itself a `__getattr__` that answers 3.0 for "boost" and raises KeyError for "warm"
(step 22: hasattr only swallows AttributeError, so eager's hasattr RAISES KeyError,
which the step catches and counts), and deletes both at step 32.  No instance dict or
class attribute named boost/warm ever exists: a guard that checks only those dicts
for the names, and not the classes' __getattr__, keeps the graph of "absent".
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2115)
random.seed(2115)
np.random.seed(2115)
rng = np.random.default_rng(2115)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)


class Base:
    pass


class Cfg(Base):
    def __init__(self):
        self.lr_scale = 1.0


CFG = Cfg()
ERRORS = []


def base_getattr(self, name):
    if name == "boost":
        return 2.0
    raise AttributeError(name)


def cfg_getattr(self, name):
    if name == "boost":
        return 3.0
    if name == "warm":
        raise KeyError(name)
    raise AttributeError(name)


def train_step(x, y):
    boost = getattr(CFG, "boost", 1.0)
    try:
        warm = hasattr(CFG, "warm")
    except KeyError:
        ERRORS.append("warm")
        warm = None
    scale = boost * CFG.lr_scale * (0.5 if warm else 1.0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * scale
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, boost, warm


for step in range(42):
    if step == 12:
        Base.__getattr__ = base_getattr
    if step == 22:
        Cfg.__getattr__ = cfg_getattr
    if step == 32:
        del Cfg.__getattr__
        del Base.__getattr__
    i = (step * 8) % 88
    loss, boost, warm = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(boost), repr(warm), len(ERRORS))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "errors": len(ERRORS),
    "iterations": int(OPT.iterations.numpy()),
}))
