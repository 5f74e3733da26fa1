"""Layer wrappers whose regularisation settings are read in the step through
attrgetter("cfg.scale", "cfg.bias_scale") made once at module level and
attrgetter("cfg.priority") made inside the step, used as max()'s key to choose which
wrapper's kernel gets an extra penalty.  `cfg` is a *class* attribute shared by all
wrappers: replaced on the class at step 8, shadowed on one instance at step 14,
`Settings.scale` turned into a property computing from a counter attribute at step 20
(the property getter runs as the attrgetter reads it, and the loop bumps its counter
between steps), and the instance shadow deleted at step 26.  Probes: attrgetter dotted
lookups through class attributes, instance shadows and properties changed mid-run,
max() key ties (the first wins)."""
import random

import numpy

random.seed(4710)
numpy.random.seed(4710)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4710)
rng = np.random.default_rng(4710)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - XS[:, 5:6]).astype(np.float32)


class Settings:
    def __init__(self, scale, bias_scale, priority):
        self.scale = scale
        self.bias_scale = bias_scale
        self.priority = priority


class Wrapped:
    cfg = Settings(1e-3, 1e-4, 1)

    def __init__(self, layer):
        self.layer = layer


MODEL = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(8, activation="relu"),
    keras.layers.Dense(8, activation="relu"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.03)
WRAPPED = [Wrapped(l) for l in MODEL.layers]
SCALES = operator.attrgetter("cfg.scale", "cfg.bias_scale")
PICKS = []


def penalty(w):
    scale, bias_scale = SCALES(w)
    return scale * tf.reduce_sum(tf.square(w.layer.kernel)) + \
        bias_scale * tf.reduce_sum(tf.square(w.layer.bias))


def train_step(x, y):
    prio = operator.attrgetter("cfg.priority")
    chosen = max(WRAPPED, key=prio)
    idx = WRAPPED.index(chosen)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        reg = tf.add_n([penalty(w) for w in WRAPPED])
        extra = 0.01 * tf.reduce_mean(tf.square(chosen.layer.kernel))
        total = loss + reg + extra
    grads = tape.gradient(total, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    PICKS.append(idx)
    print("  pick", idx, [repr(s) for s in SCALES(WRAPPED[idx])], prio(chosen))
    return loss, reg


for step in range(32):
    if step == 8:
        Wrapped.cfg = Settings(5e-3, 0.0, 2)
    if step == 14:
        WRAPPED[2].cfg = Settings(2e-3, 1e-3, 3)
    if step == 20:
        Settings.ticks = 0
        Settings.scale = property(lambda self: 1e-3 * (1 + self.ticks))
        for w in WRAPPED:
            w.cfg.__dict__.pop("scale", None)
    if step > 20:
        Settings.ticks += 1
    if step == 26:
        del WRAPPED[2].cfg
    i = (step * 8) % 88
    loss, reg = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(reg)))

print(json.dumps({
    "picks": PICKS,
    "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:8]],
}))
