"""A trainer's hyper-parameters are rebuilt each step from a JSON-like config: the step
makes `hp = dict(DEFAULTS)` and then calls `hp.update(PAIRS, **FORCED)` where PAIRS is
a global list of two-item *lists* (as json.load gives them) and FORCED a global dict of
keyword overrides: CPython applies the positional pairs first, then the keywords, so a
key in both takes FORCED's value, while its position in hp is where it was first
inserted.  It also calls `SEEN.update(hp, last=step_tag)` on a global dict.  The step
uses hp["lr"] and hp["decay"] and stores `list(hp)` (the key order) in a global.
Between calls the loop edits a pair in place (step 6), adds a pair for a new key
(step 11), adds that key to FORCED too (step 16), removes "lr" from DEFAULTS (step 21:
it now enters hp from PAIRS, later in the order) and empties FORCED (step 26).
Probes: dict.update() with a list of list pairs and keyword arguments together
(application order, key order, overriding), on a dict the step made and on the
program's dict, with every source changed between calls."""
import random

import numpy

random.seed(5539)
numpy.random.seed(5539)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5539)
rng = np.random.default_rng(5539)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + XS[:, 2:3]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
DEFAULTS = {"lr": 0.05, "decay": 0.0, "warm": 1}
PAIRS = [["decay", 0.001], ["lr", 0.04]]
FORCED = {"decay": 0.002}
SEEN = {}
ORDER = []
TAG = 0


def train_step(x, y):
    global ORDER, TAG
    hp = dict(DEFAULTS)
    hp.update(PAIRS, **FORCED)
    SEEN.update(hp, last=TAG)
    lr = hp["lr"]
    decay = hp["decay"]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    for v, g in zip(MODEL.trainable_variables, grads):
        v.assign_sub(lr * (g + decay * v))
    ORDER = list(hp)
    TAG += 1
    return loss


for step in range(32):
    if step == 6:
        PAIRS[1][1] = 0.03
    if step == 11:
        PAIRS.append(["scale", 2])
    if step == 16:
        FORCED["scale"] = 3
    if step == 21:
        del DEFAULTS["lr"]
    if step == 26:
        FORCED.clear()
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), ORDER, SEEN)

print(json.dumps({"order": ORDER, "seen": SEEN,
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
