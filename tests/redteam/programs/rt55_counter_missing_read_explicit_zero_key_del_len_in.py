"""Event counts kept in a global `collections.Counter` `EVENTS`.  Each step reads
`EVENTS["spike"]` (a missing key reads 0 and is not stored), `"spike" in EVENTS`,
`len(EVENTS)` and `EVENTS.get("calm", -1)`, increments "high" every `PERIOD`-th call (a call counter
the step keeps, PERIOD a global) and "calm" otherwise, and deletes the "calm" key once its count reaches 4 (so it
starts again).  Each read shapes the loss weight.  Between calls the loop stores an
explicit zero under "spike" (step 8: now `in` is True and len grows, though the count
reads 0), deletes it again (step 14), changes PERIOD (steps 18, 24) and pops "high"
(step 26).
Probes: Counter missing-key reads that store nothing, a key explicitly held at 0
(membership and length differ from the missing case), `del`, get() with a default and
item increments in a converted step, keys changed between calls."""
import random

import numpy

random.seed(5531)
numpy.random.seed(5531)

import json
from collections import Counter

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5531)
rng = np.random.default_rng(5531)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = np.sign(XS[:, :1] + XS[:, 1:2]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
EVENTS = Counter({"calm": 1})
PERIOD = 3
TICK = 0
WEIGHTS = []


def train_step(x, y):
    global TICK
    spikes = EVENTS["spike"]
    held = "spike" in EVENTS
    size = len(EVENTS)
    calm = EVENTS.get("calm", -1)
    weight = 1.0 + 0.1 * spikes + (0.05 if held else 0.0) + 0.01 * size + 0.001 * calm
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y)) * weight
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    TICK += 1
    if TICK % PERIOD == 0:
        EVENTS["high"] += 1
    else:
        EVENTS["calm"] += 1
    if EVENTS["calm"] >= 4:
        del EVENTS["calm"]
    WEIGHTS.append(weight)
    return loss


for step in range(30):
    if step == 8:
        EVENTS["spike"] = 0
    if step == 14:
        del EVENTS["spike"]
    if step == 18:
        PERIOD = 2
    if step == 24:
        PERIOD = 5
    if step == 26:
        EVENTS.pop("high", None)
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), dict(EVENTS), repr(WEIGHTS[-1]))

print(json.dumps({"events": dict(EVENTS), "weights": [repr(w) for w in WEIGHTS[-6:]],
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
