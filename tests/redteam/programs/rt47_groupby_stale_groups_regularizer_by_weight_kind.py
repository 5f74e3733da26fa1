"""Weight-kind regularisation where the step groups the model's variables with
itertools.groupby (key = a global function reading `v.name`).  In the "stale" mode the
step first materialises `list(groupby(...))` and only then consumes the groups, so every
group is already empty (CPython's groupby invalidates a group once the outer iterator
moves on) and no regulariser is added; in the fresh mode the groups are consumed inline.
The mode flips at steps 10 and 22, the per-kind coefficient table is edited at step 16,
the global key function is rebound at step 28 (grouping by layer instead of by kind),
and the last (stale) grouper object escapes into a module dict that the loop lists
after each step.  Probes: groupby laziness / group invalidation inside a converted step,
a key function global rebound, an escaped _grouper object."""
import random

import numpy

random.seed(4701)
numpy.random.seed(4701)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4701)
rng = np.random.default_rng(4701)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + 0.3 * XS[:, 1:2]).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(8, activation="tanh", name="d1"),
    keras.layers.Dense(6, activation="tanh", name="d2"),
    keras.layers.Dense(1, name="out"),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def kind_key(v):
    return v.name


def layer_key(v):
    return v.path.split("/")[1]


KEY = kind_key
CONFIG = {"stale": False}
REG = {"kernel": 1e-2, "bias": 5e-2, "d1": 1e-3, "d2": 2e-3, "out": 3e-3}
LAST = {}
COUNTS = []


def group_weights(variables):
    ordered = sorted(variables, key=KEY)
    if CONFIG["stale"]:
        groups = list(itertools.groupby(ordered, key=KEY))
        out = {}
        for k, g in groups:
            out[k] = list(g)
            LAST["g"] = g
        return out
    return {k: list(g) for k, g in itertools.groupby(ordered, key=KEY)}


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = tf.reduce_mean(tf.square(pred - y))
        groups = group_weights(MODEL.trainable_variables)
        reg = tf.constant(0.0)
        for kind, vs in groups.items():
            for v in vs:
                reg = reg + REG[kind] * tf.reduce_sum(tf.square(v))
        total = loss + reg
    grads = tape.gradient(total, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    print("  groups", [(k, len(vs)) for k, vs in groups.items()])
    COUNTS.append(sum(len(vs) for vs in groups.values()))
    return loss, reg


for step in range(34):
    if step == 10:
        CONFIG["stale"] = True
    if step == 16:
        REG["kernel"] = 3e-2
    if step == 22:
        CONFIG["stale"] = False
    if step == 28:
        KEY = layer_key
        CONFIG["stale"] = True
    i = (step * 8) % 88
    loss, reg = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    g = LAST.get("g")
    print(step, repr(float(loss)), repr(float(reg)),
          None if g is None else (type(g).__name__, list(g)))

print(json.dumps({
    "counts": COUNTS,
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
    "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
