"""Per-phase optimizer settings are looked up with
`cfg = SLOTS.setdefault(PHASE, DEFAULT_CFG)`: when the phase has no entry yet, the
caller's dict `DEFAULT_CFG` itself is inserted and returned, so the step's
`cfg["hits"] += 1` then changes DEFAULT_CFG (and every phase that shares it); a phase
with its own dict returns that one.  The step scales its learning rate by cfg["scale"]
and keeps `CURRENT = cfg`.  The loop switches PHASE to "warm" (own dict) at step 6, to
"cool" (absent: DEFAULT_CFG inserted) at step 12, deletes SLOTS["cool"] and changes
DEFAULT_CFG["scale"] at step 18 (the next setdefault inserts it again), and replaces
DEFAULT_CFG by a fresh dict at step 24.
Probes: dict.setdefault() returning the caller's default object (identity), item writes
through that alias, the default inserted into the program's dict at commit, and the
default replaced by the loop."""
import random

import numpy

random.seed(5511)
numpy.random.seed(5511)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5511)
rng = np.random.default_rng(5511)
XS = rng.normal(size=(112, 4)).astype(np.float32)
YS = np.tanh(XS[:, 1:2] * 2.0).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
DEFAULT_CFG = {"scale": 1.0, "hits": 0}
SLOTS = {"base": DEFAULT_CFG, "warm": {"scale": 0.5, "hits": 0}}
PHASE = "base"
CURRENT = None


def train_step(x, y):
    global CURRENT
    cfg = SLOTS.setdefault(PHASE, DEFAULT_CFG)
    cfg["hits"] += 1
    lr = 0.1 * cfg["scale"]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    for v, g in zip(MODEL.trainable_variables, grads):
        v.assign_sub(lr * g)
    CURRENT = cfg
    return loss


for step in range(30):
    if step == 6:
        PHASE = "warm"
    if step == 12:
        PHASE = "cool"
    if step == 18:
        del SLOTS["cool"]
        DEFAULT_CFG["scale"] = 0.25
    if step == 24:
        DEFAULT_CFG = {"scale": 2.0, "hits": 100}
        del SLOTS["cool"]
    i = (step * 16) % 96
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), PHASE, CURRENT, CURRENT is DEFAULT_CFG,
          SLOTS["base"] is DEFAULT_CFG, sorted(SLOTS))

print(json.dumps({"slots": SLOTS, "current_is_default": CURRENT is DEFAULT_CFG,
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
