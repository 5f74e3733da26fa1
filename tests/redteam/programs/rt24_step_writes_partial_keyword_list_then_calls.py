"""Mechanism: a Dense layer's activation is `functools.partial(banded, bands=BANDS)`:
library code (Keras, through the partial) calls the program's `banded(x, bands)` with the
program's own list BANDS as a keyword the partial holds.  The training step itself writes
that list before running the model, `BANDS[0] = BANDS[0] * 0.9` (a slope it anneals).
The loop resets BANDS[0] at step 15 and appends a band at step 22.  Eager's activation
reads the list as the step just wrote it; a build that took the partial's keyword value
from the caller's list (the write deferred to the commit) uses the previous slope.
"""
import functools
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(181)
np.random.seed(181)
keras.utils.set_random_seed(181)
rng = np.random.default_rng(181)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.abs(XS[:, 1:2] - XS[:, 2:3]).astype(np.float32)

BANDS = [0.5]


def banded(x, bands):
    out = tf.nn.relu(x)
    for b in bands:
        out = out + b * tf.minimum(x, 0.0)
    return out


MODEL = keras.Sequential([keras.Input((4,)),
                          keras.layers.Dense(6, activation=functools.partial(banded, bands=BANDS)),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    BANDS[0] = BANDS[0] * 0.9
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, BANDS[0]


for step in range(30):
    if step == 15:
        BANDS[0] = 0.5
    if step == 22:
        BANDS.append(0.1)
    i = (step * 8) % 56
    loss, b = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(b), len(BANDS))

print(json.dumps({"vars": [[repr(float(v)) for v in w.numpy().ravel()[:6]]
                           for w in MODEL.trainable_variables],
                  "bands": [repr(v) for v in BANDS]}))
