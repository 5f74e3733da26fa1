"""Configuration read through __getattr__ fallbacks: a module object (PEP 562 module
__getattr__) and a Knobs class whose __getattr__ serves a private dict. The step reads
cfg.warm, cfg.head_lr (derived from cfg.base_lr), getattr(cfg, "decay", 0.0),
KNOBS.clip and hasattr(KNOBS, "boost"). Step 12: the override dict behind
cfg.__getattr__ is changed in place. Step 17: cfg.warm is set on the module (its dict now
answers, __getattr__ is bypassed). Step 22: it is deleted again. Step 26: cfg.base_lr
changes. Step 30: KNOBS gains "boost" in its private dict. Step 33: "decay" appears in
the module's override dict."""
import random
import types

import numpy as np
import tensorflow as tf

random.seed(83)
np.random.seed(83)
tf.random.set_seed(83)

rng = np.random.default_rng(113)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))
B = tf.Variable([0.0])

cfg = types.ModuleType("cfg")
cfg.base_lr = 0.05
_OVR = {"warm": 0.5}


def _module_getattr(name):
    if name in _OVR:
        return _OVR[name]
    if name.endswith("_lr"):
        return cfg.base_lr * 0.1
    raise AttributeError(name)


cfg.__getattr__ = _module_getattr


class Knobs:
    def __init__(self):
        self._d = {"clip": 1.0}

    def __getattr__(self, name):
        try:
            return self._d[name]
        except KeyError:
            raise AttributeError(name) from None


KNOBS = Knobs()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y)) * cfg.warm
    gw, gb = tape.gradient(loss, [W, B])
    gw = tf.clip_by_value(gw, -KNOBS.clip, KNOBS.clip)
    boost = KNOBS.boost if hasattr(KNOBS, "boost") else 1.0
    decay = getattr(cfg, "decay", 0.0)
    W.assign_sub(cfg.base_lr * boost * gw + decay * 0.01 * W)
    B.assign_sub(cfg.head_lr * gb)
    return loss, cfg.warm, cfg.head_lr, boost, decay


for step in range(37):
    if step == 12:
        _OVR["warm"] = 0.1
    elif step == 17:
        cfg.warm = 2.0
    elif step == 22:
        del cfg.warm
    elif step == 26:
        cfg.base_lr = 0.2
    elif step == 30:
        KNOBS._d["boost"] = 3.0
    elif step == 33:
        _OVR["decay"] = 0.5
    i = (step * 16) % 48
    loss, warm, head_lr, boost, decay = train_step(X[i:i + 16], Y[i:i + 16])
    print(step, repr(float(loss)), repr(warm), repr(head_lr), repr(boost), repr(decay))

print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))), "B", repr(float(B[0])))
print("cfg dict", sorted(k for k in vars(cfg) if not k.startswith("__")), _OVR, KNOBS._d)
