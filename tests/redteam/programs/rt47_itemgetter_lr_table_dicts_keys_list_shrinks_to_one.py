"""Per-layer learning-rate multipliers kept as a list of dicts
{"layer", "prio", "mult"} that the loop edits between steps.  The step sorts the table
with sorted(key=itemgetter("prio", "layer")) (a module-level getter), then reads each row
through itemgetter(*FIELDS) made inside the step from a global FIELDS list: with two
fields it returns a tuple, and when the loop shrinks FIELDS to one name (step 12) it
returns the bare value, so the step's `isinstance(got, tuple)` branch changes.  A row
missing "prio" (step 18) makes the sort key raise KeyError, caught in the step (table
order kept as given); a row's "mult" becoming an int (step 24) and a new row appended
(step 28).  Probes: itemgetter arity semantics, KeyError from a sort key, row dicts
edited in place between converted steps."""
import random

import numpy

random.seed(4711)
numpy.random.seed(4711)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4711)
rng = np.random.default_rng(4711)
XS = rng.normal(size=(100, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] * XS[:, 3:4]).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((4,)),
    keras.layers.Dense(6, activation="tanh"),
    keras.layers.Dense(6, activation="tanh"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)
OPT.build(MODEL.trainable_variables)
TABLE = [{"layer": 0, "prio": 2, "mult": 1.0},
         {"layer": 1, "prio": 1, "mult": 0.5},
         {"layer": 2, "prio": 3, "mult": 2.0}]
ORDER = operator.itemgetter("prio", "layer")
FIELDS = ["mult", "layer"]
SEEN = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    try:
        rows = sorted(TABLE, key=ORDER)
    except KeyError as e:
        print("  key error", repr(e))
        rows = list(TABLE)
    get = operator.itemgetter(*FIELDS)
    pairs = []
    used = []
    for row in rows:
        got = get(row)
        if isinstance(got, tuple):
            mult, layer = got
        else:
            mult, layer = got, row["layer"]
        if layer in used:
            continue
        used.append(layer)
        k = 2 * layer
        pairs.append((grads[k] * mult, MODEL.trainable_variables[k]))
        pairs.append((grads[k + 1] * mult, MODEL.trainable_variables[k + 1]))
    OPT.apply_gradients(pairs)
    SEEN.append(tuple(used))
    print("  order", used, type(got).__name__, repr(got))
    return loss


for step in range(32):
    if step == 5:
        TABLE[0]["prio"] = 0
    if step == 9:
        TABLE[1]["mult"] = 1.5
    if step == 12:
        FIELDS[:] = ["mult"]
    if step == 18:
        del TABLE[2]["prio"]
    if step == 21:
        TABLE[2]["prio"] = -1
    if step == 24:
        TABLE[0]["mult"] = 1
    if step == 28:
        TABLE.append({"layer": 1, "prio": -5, "mult": 0.25})
        FIELDS[:] = ["mult", "layer"]
    i = (step * 8) % 96
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(MODEL.layers[2].kernel.numpy()[0, 0])))

print(json.dumps({
    "seen": SEEN[-6:],
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
}))
