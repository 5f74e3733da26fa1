"""Each step makes a per-head log with `dict.fromkeys(HEADS, BUCKET)`: every key maps to
the one list object `BUCKET` (a global the caller owns), so appending the step's loss
through one key appends to BUCKET, seen through every key and through the global.  It
also makes `dict.fromkeys(HEADS)` (values None) and `dict.fromkeys(HEADS, [])` (one new
list shared by all keys, appended to through the last key), and stores all three dicts
in globals.  The loop appends a head name (step 8), replaces BUCKET by a new list
(step 15: the new dicts must share the new one; the old one stays in LAST_LOGS until the
next call) and empties HEADS' first entry by replacement (step 23).
Probes: dict.fromkeys() in the step with the caller's list as the shared value (writes
through the alias land on the caller's list) and with a list the call makes (one object
under every key at the commit), identities checked after each call."""
import random

import numpy

random.seed(5510)
numpy.random.seed(5510)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5510)
rng = np.random.default_rng(5510)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = np.stack([XS[:, 0] - XS[:, 1], XS[:, 2] * 0.5], axis=1).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(2)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
HEADS = ["x", "y"]
BUCKET = []
LAST_LOGS = None
LAST_NONES = None
LAST_FRESH = None


def train_step(x, y):
    global LAST_LOGS, LAST_NONES, LAST_FRESH
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    logs = dict.fromkeys(HEADS, BUCKET)
    logs[HEADS[0]].append(round(float(loss), 5))
    nones = dict.fromkeys(HEADS)
    fresh = dict.fromkeys(HEADS, [])
    fresh[HEADS[-1]].append(len(BUCKET))
    LAST_LOGS = logs
    LAST_NONES = nones
    LAST_FRESH = fresh
    return loss


for step in range(32):
    if step == 8:
        HEADS.append("z")
    if step == 15:
        BUCKET = [-1.0]
    if step == 23:
        HEADS[0] = "w"
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    vals = list(LAST_FRESH.values())
    print(step, repr(float(loss)), len(BUCKET), BUCKET[-2:],
          all(v is BUCKET for v in LAST_LOGS.values()), LAST_NONES,
          all(v is vals[0] for v in vals), vals[0])

print(json.dumps({"bucket": BUCKET, "heads": HEADS, "logs_share": all(v is BUCKET for v in LAST_LOGS.values()),
                  "fresh": {k: v for k, v in LAST_FRESH.items()},
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
