"""Dicts held in a list, read with .get(key, default), `**` merges and .items().

LAYERS is a global list of per-layer config dicts.  The step reaches them by
`for i, cfg in enumerate(reversed(LAYERS))`, by `zip(NAMES, LAYERS)`, and merges each
into a defaults dict with `{**DEFAULTS, **cfg}`; it reads `cfg.get("boost", 1.0)` (a
key that is ABSENT at first), `cfg["w"]`, and iterates `cfg.items()` to sum the float
values in the dict's order.  Mid-run the loop edits the inner dicts in place: step 12
adds "boost" to the second dict (a key that was known absent appears), step 20 replaces
a value by an equal value of another type (`w`: 2 -> 2.0), step 28 deletes a key and
re-adds it (the dict's order changes, so the `.items()` fold changes), step 34 adds
"boost" to DEFAULTS.  The contract says dicts held inside lists have their own contents
guarded however the step reaches them; a graph that kept what it read from the inner
dicts at build time would print the old factors.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2112)
random.seed(2112)
np.random.seed(2112)
rng = np.random.default_rng(2112)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

DEFAULTS = {"w": 1, "decay": 0.5}
LAYERS = [{"w": 3, "decay": 0.25}, {"w": 2, "shift": 0.125}]
NAMES = ["in", "out"]


def train_step(x, y):
    factor = 0.0
    for i, cfg in enumerate(reversed(LAYERS)):
        factor += (i + 1) * cfg.get("boost", 1.0) * cfg["w"]
    merged = []
    for name, cfg in zip(NAMES, LAYERS):
        m = {**DEFAULTS, **cfg}
        merged.append((name, m["w"], m["decay"], m.get("boost", 0)))
    fold = 0.0
    for k, v in LAYERS[1].items():
        fold = fold * 3.0 + v
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.01 * factor + 0.001 * fold)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, factor, merged, fold


for step in range(42):
    if step == 12:
        LAYERS[1]["boost"] = 4.0
    if step == 20:
        LAYERS[1]["w"] = 2.0
    if step == 28:
        v = LAYERS[1].pop("w")
        LAYERS[1]["w"] = v
    if step == 34:
        DEFAULTS["boost"] = 0.5
    i = (step * 8) % 88
    loss, factor, merged, fold = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(factor), repr(fold), merged)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "layers": [list(c.items()) for c in LAYERS],
    "iterations": int(OPT.iterations.numpy()),
}))
