"""A hard-example registry: SEEN maps a batch id to its last loss, and the program keeps
live views of it made once at start (SEEN_KEYS = SEEN.keys(), SEEN_VALUES =
SEEN.values(), SEEN_ITEMS = SEEN.items()).  The step writes SEEN[batch_id] first, then
asks the views (`len(SEEN_KEYS)`, `batch_id in SEEN_KEYS`, `max(SEEN_VALUES)`,
`(batch_id, value) in SEEN_ITEMS`) to weight its loss and to report.  At step 14 the
loop deletes two keys from SEEN (a registry cleanup) through the dict, which the views
follow.  Probes: dict views from the heap read after a write the step made to their
dict in the same call: eager's views are live."""
import random

import numpy

random.seed(4513)
numpy.random.seed(4513)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4513)
rng = np.random.default_rng(4513)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 2:3] * 0.9 + 0.1).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
SEEN = {}
SEEN_KEYS = SEEN.keys()
SEEN_VALUES = SEEN.values()
SEEN_ITEMS = SEEN.items()


def train_step(x, y, batch_id):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(MODEL(x) - y))
        weight = 1.0 + 0.05 * len(SEEN_KEYS)
        loss = mse * weight
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    value = round(float(mse), 6)
    SEEN[batch_id] = value
    present = batch_id in SEEN_KEYS
    worst = max(SEEN_VALUES)
    pair = (batch_id, value) in SEEN_ITEMS
    return loss, len(SEEN_KEYS), present, worst, pair


for step in range(26):
    if step == 14:
        del SEEN[0]
        del SEEN[3]
    batch_id = (step * 3) % 7
    i = batch_id * 12
    loss, n, present, worst, pair = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]),
                                               batch_id)
    print(step, batch_id, repr(float(loss)), n, present, repr(worst), pair, list(SEEN_KEYS))

print(json.dumps({"seen": {str(k): repr(v) for k, v in SEEN.items()},
                  "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))
