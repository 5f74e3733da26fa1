"""Probes: a dataclass's defaults changed through Cls.__init__.__defaults__.

A dataclass's generated __init__ carries its field defaults as the function's
__defaults__ (code dataclasses compile from a string).  Tuning scripts sometimes change
the defaults of a config class in place: `LossCfg.__init__.__defaults__ = (...)`.  The
class attributes (LossCfg.scale ...) keep their old values; only __init__'s defaults
change.  The step makes `LossCfg()` and `LossCfg(0.25)` every call and uses their
fields.  The contract runs the __init__ of a class made in the step "through the
builder" and watches the program's own functions it inlined for __defaults__ changes;
generated code is also described as library code run natively.  The loop patches the
defaults at step 10 and again at step 20."""
import dataclasses
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1850)
rng = np.random.default_rng(1850)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32) * 0.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.03)


@dataclasses.dataclass
class LossCfg:
    scale: float = 1.0
    shift: float = 0.0
    huber: bool = False


SEEN = []


def train_step(x, y):
    cfg = LossCfg()
    aux = LossCfg(0.25)
    with tf.GradientTape() as tape:
        err = x @ W * cfg.scale + cfg.shift - y
        if cfg.huber:
            base = tf.reduce_mean(tf.where(tf.abs(err) < 1.0, 0.5 * tf.square(err), tf.abs(err) - 0.5))
        else:
            base = tf.reduce_mean(tf.square(err))
        loss = base + aux.scale * aux.shift
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    SEEN.append((cfg.scale, cfg.shift, cfg.huber))
    return loss


for step in range(30):
    if step == 10:
        LossCfg.__init__.__defaults__ = (0.5, 0.1, False)
    if step == 20:
        LossCfg.__init__.__defaults__ = (1.5, 0.0, True)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), SEEN[-1])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "distinct_cfgs": sorted({repr(s) for s in SEEN}),
    "class_attr_scale": LossCfg.scale,
}))
