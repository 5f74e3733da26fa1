"""Immutable module state grown with `+=` in the step: `HISTORY += (v, tag)` on a module
TUPLE (a new tuple every call, the global rebound), `LOG += f"{v:.6f};"` on a module
STR, `LIST_LOG += (step, tag)` on a module LIST (a true extend with a tuple), and
`PAIRS[0] += (v,)` on a tuple held as an item of a module list (item rebound).  The loop
keeps the previous tuple object and checks identity, trims HISTORY to its last 4 items
every 5 steps, truncates LOG at step 16 and swaps `TAG` between steps.  The step reads
`len(HISTORY)` and `HISTORY[-3]` after growing it to weight the next loss term.
Probes: `+=` that rebinds (tuple, str) next to `+=` that mutates (list)."""
import random

import numpy

random.seed(4807)
numpy.random.seed(4807)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4807)
rng = np.random.default_rng(4807)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) > 0).astype(np.float32)

MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Dense(5, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)
BCE = keras.losses.BinaryCrossentropy(from_logits=True)

HISTORY = ()
LOG = ""
LIST_LOG = []
PAIRS = [(), ()]
TAG = "a"
WEIGHT = 1.0


def train_step(x, y, step):
    global HISTORY, LOG, LIST_LOG, WEIGHT
    with tf.GradientTape() as tape:
        loss = BCE(y, MODEL(x)) * WEIGHT
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    v = float(loss)
    HISTORY += (v, TAG)
    LOG += f"{v:.6f};"
    LIST_LOG += (step, TAG)
    PAIRS[step % 2] += (v,)
    if len(HISTORY) >= 4:
        WEIGHT = 1.0 + 0.1 * (HISTORY[-4] > v)
    return loss


prev = HISTORY
for step in range(30):
    if step % 4 == 3:
        TAG = "b" if TAG == "a" else "a"
    if step == 16:
        LOG = LOG[-21:]
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), HISTORY is prev, len(HISTORY), HISTORY[-2:], len(LOG), LOG[-10:],
          LIST_LOG[-2:], len(PAIRS[0]), len(PAIRS[1]), repr(WEIGHT))
    prev = HISTORY
    if step % 5 == 4:
        HISTORY = HISTORY[-4:]
        prev = HISTORY

print(json.dumps({"history": [repr(v) if isinstance(v, float) else v for v in HISTORY], "log": LOG,
                  "list_log": LIST_LOG[-8:], "pairs": [[repr(v) for v in p[-3:]] for p in PAIRS],
                  "w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
