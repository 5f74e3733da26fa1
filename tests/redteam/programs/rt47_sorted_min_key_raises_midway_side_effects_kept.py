"""Layer-freezing decisions from a registry of layer statistics (a global dict of dicts
the loop fills in between steps).  Inside the step, sorted(), min() and max() rank the
layer names with key functions that log every call to a list and look a statistic up
with a plain `REG[name]["score"]`; when the loop has not registered a layer yet, or
registers one without "score", the key raises KeyError part-way through the sort, after
earlier key calls already logged.  The step catches it, prints the exception and the
number of key calls made, and falls back to model order.  The registry is filled at
steps 3, 9, 15 and 22 (once with a missing "score"), and the key for max() is the
module-level function `rank_key`, rebound at step 18.  Probes: key-function side
effects before an exception in sorted/min/max inside a converted step."""
import random

import numpy

random.seed(4721)
numpy.random.seed(4721)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4721)
rng = np.random.default_rng(4721)
XS = rng.normal(size=(88, 5)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) * XS[:, 4:5]).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(6, activation="relu", name="l0"),
    keras.layers.Dense(6, activation="relu", name="l1"),
    keras.layers.Dense(5, activation="relu", name="l2"),
    keras.layers.Dense(1, name="l3"),
])
OPT = keras.optimizers.SGD(learning_rate=0.03)
OPT.build(MODEL.trainable_variables)
NAMES = [l.name for l in MODEL.layers]
REG = {"l0": {"score": 0.3}, "l3": {"score": 0.9}}
KEYCALLS = []


def score_key(name):
    KEYCALLS.append(name)
    return REG[name]["score"]


def rank_key(name):
    KEYCALLS.append("r:" + name)
    return REG[name]["score"] * (1 + NAMES.index(name))


def neg_rank_key(name):
    KEYCALLS.append("n:" + name)
    return -REG[name]["score"]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    before = len(KEYCALLS)
    try:
        ranked = sorted(NAMES, key=score_key)
    except KeyError as e:
        print("  sort failed", repr(e), len(KEYCALLS) - before)
        ranked = list(NAMES)
    try:
        lo = min(NAMES, key=lambda n: REG[n]["score"])
        hi = max(NAMES, key=rank_key)
    except KeyError as e:
        print("  minmax failed", repr(e), len(KEYCALLS) - before)
        lo, hi = ranked[0], ranked[-1]
    frozen = {lo}
    pairs = []
    for g, v in zip(grads, MODEL.trainable_variables):
        layer = v.path.split("/")[1]
        if layer in frozen:
            continue
        pairs.append((g * (2.0 if layer == hi else 1.0), v))
    OPT.apply_gradients(pairs)
    print("  ranked", ranked, lo, hi, len(pairs))
    return loss


for step in range(30):
    if step == 3:
        REG["l1"] = {"score": 0.5}
    if step == 9:
        REG["l2"] = {"scale": 0.1}
    if step == 15:
        REG["l2"]["score"] = 0.2
    if step == 18:
        rank_key = neg_rank_key
    if step == 22:
        REG["l0"]["score"] = 0.95
        del REG["l3"]
    if step == 26:
        REG["l3"] = {"score": 0.05}
    i = (step * 8) % 80
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(KEYCALLS))

print(json.dumps({
    "keycalls_tail": KEYCALLS[-9:],
    "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
}))
