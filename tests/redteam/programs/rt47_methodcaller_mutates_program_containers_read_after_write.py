"""Bookkeeping through operator.methodcaller objects that *mutate* the program's
containers inside the step: APPEND = methodcaller("append", ...) is made per call with
the loss float, SETDEF = methodcaller("setdefault", "norms", []) (module level) returns
the stored list which the step then appends to (the default list is the one object the
methodcaller holds, so after the loop clears the dict the same, already-filled list
comes back), methodcaller("pop", 0) trims a window
list, methodcaller("rotate", 1) turns a collections.deque of per-step scale factors, and
methodcaller("update", {...}) writes a config dict; each write is read back later in the
same call (`len(window)`, `SCALES[0]`, `cfg["last"]`) and the rotated deque's head
scales the update.  Between steps the loop clears the dict (step 9), replaces the
window list (step 15), adds a scale to the deque (step 20) and rebinds SETDEF to a key
the dict lacks (step 25).  Probes: mutations made by C methodcaller objects on program
state, and read-after-write within one converted call."""
import random

import numpy

random.seed(4730)
numpy.random.seed(4730)

import collections
import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4730)
rng = np.random.default_rng(4730)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (XS[:, 2:3] * XS[:, 3:4] - XS[:, :1]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.03)
STATS = {}
WINDOW = []
SCALES = collections.deque([1.0, 0.5, 0.75])
SETDEF = operator.methodcaller("setdefault", "norms", [])
TRIM = operator.methodcaller("pop", 0)
TURN = operator.methodcaller("rotate", 1)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    TURN(SCALES)
    scale = SCALES[0]
    OPT.apply_gradients(zip([g * scale for g in grads], MODEL.trainable_variables))
    fl = float(loss)
    operator.methodcaller("append", fl)(WINDOW)
    dropped = TRIM(WINDOW) if len(WINDOW) > 3 else None
    norms = SETDEF(STATS)
    norms.append(round(float(tf.norm(grads[0])), 4))
    operator.methodcaller("update", {"last": fl, "step": step})(STATS)
    print("  ", repr(scale), len(WINDOW), None if dropped is None else repr(dropped),
          len(norms), sorted(STATS), repr(STATS["last"]))
    return loss


for step in range(30):
    if step == 9:
        STATS.clear()
    if step == 15:
        WINDOW = [0.0]
    if step == 20:
        SCALES.append(0.25)
    if step == 25:
        SETDEF = operator.methodcaller("setdefault", "late", [])
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), list(SCALES), len(STATS.get("norms", [])))

print(json.dumps({
    "stats": {k: (v if not isinstance(v, float) else repr(v)) for k, v in STATS.items()},
    "window": [repr(w) for w in WINDOW],
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
}))
