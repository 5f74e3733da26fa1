"""Loss weights kept in a global dict `W` are refreshed by the step from three sources:
`W.update(zip(NAMES, VALUES))` (a zip made in the step over two global lists; it stops
at the shorter one), `W.update(BOOST)` where BOOST is a `collections.Counter` (a dict
subclass, merged through its storage), and `W.update(EXTRA)` where EXTRA is a
`defaultdict(float)`.  The step then sums the weighted terms in W's key order.  The loop
appends to NAMES only (step 6: nothing changes, zip stops at VALUES' end), then to
VALUES (step 11: the new name enters), bumps a Counter count and adds a new Counter key
(step 16), adds a key to EXTRA and rebinds one of its values (step 21), and deletes a
Counter key (step 26: W keeps the last value merged).
Probes: dict.update() with a lazy zip of the program's lists, with a Counter and with a
defaultdict argument (mappings of dict subclasses), their contents changed between
calls, and the key order the updates give W feeding a float sum."""
import random

import numpy

random.seed(5512)
numpy.random.seed(5512)

import json
from collections import Counter, defaultdict

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5512)
rng = np.random.default_rng(5512)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = np.stack([XS[:, 0], XS[:, 1] * XS[:, 2], -XS[:, 3]], axis=1).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(10, activation="tanh"),
                          keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
NAMES = ["t0", "t1"]
VALUES = [1.0, 0.5]
BOOST = Counter({"t1": 2})
EXTRA = defaultdict(float)
EXTRA["t2"] = 0.25
W = {}
USED = []


def train_step(x, y):
    global USED
    W.update(zip(NAMES, VALUES))
    W.update(BOOST)
    W.update(EXTRA)
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        err = tf.reduce_mean(tf.square(pred - y), axis=0)
        terms = {"t0": err[0], "t1": err[1], "t2": err[2], "t3": tf.reduce_mean(tf.abs(pred))}
        loss = tf.constant(0.0)
        for name, w in W.items():
            loss = loss + w * terms[name]
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    USED = list(W.items())
    return loss


for step in range(32):
    if step == 6:
        NAMES.append("t3")
    if step == 11:
        VALUES.append(0.125)
    if step == 16:
        BOOST["t1"] += 1
        BOOST["t0"] = 3
    if step == 21:
        EXTRA["t3"] = 0.5
        EXTRA["t2"] = 0.75
    if step == 26:
        del BOOST["t0"]
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), USED)

print(json.dumps({"w": list(W.items()),
                  "kernel": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()[:9]]}))
