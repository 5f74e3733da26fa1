"""A two-layer regressor whose per-call loss weight comes from `SCALES.popitem()`:
the step pops the last (key, value) pair of a global dict, prints the dict while the
pair is out, weights the loss by the popped value, and puts the pair back
(`SCALES[k] = v`, so the order is unchanged).  Between calls the loop rebinds the value
at the last key to a shared float object `PINNED` (step 6), moves another key to the
end by deleting and re-inserting it (step 12), rebinds that key to `PINNED` too (step
18), clears the dict (step 24: popitem raises KeyError, caught and printed by the step)
and refills it with update(**kw) (step 29).  The step also stores the popped value in a
global, so `LAST_VALUE is PINNED` is part of the final state.
Probes: dict.popitem() taking the caller's value at the key it takes (identity and
value read at call time), its key order changed by the loop, a print of the dict while
the call's copy holds the pop, and popitem's KeyError on an empty dict inside the step."""
import random

import numpy

random.seed(5501)
numpy.random.seed(5501)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5501)
rng = np.random.default_rng(5501)
XS = rng.normal(size=(160, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32) * 0.5).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)

PINNED = 0.75
SCALES = {"a": 1.0, "b": 0.5, "c": 0.25}
LAST_KEY = None
LAST_VALUE = None
POPPED_KEYS = []


def train_step(x, y):
    global LAST_KEY, LAST_VALUE
    try:
        k, v = SCALES.popitem()
    except KeyError as e:
        print("  popitem failed:", repr(e))
        k, v = "none", 1.0
    else:
        print("  while popped:", SCALES)
        SCALES[k] = v
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y)) * v
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    LAST_KEY = k
    LAST_VALUE = v
    POPPED_KEYS.append(k)
    return loss


for step in range(36):
    if step == 6:
        SCALES["c"] = PINNED
    if step == 12:
        tmp = SCALES.pop("a")
        SCALES["a"] = tmp
        del tmp
    if step == 18:
        SCALES["a"] = PINNED
    if step == 24:
        SCALES.clear()
    if step == 29:
        SCALES.update(z=0.125, y=PINNED)
    i = (step * 16) % 144
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), LAST_KEY, repr(LAST_VALUE), LAST_VALUE is PINNED,
          list(SCALES))

print(json.dumps({"keys": POPPED_KEYS, "scales": {k: repr(v) for k, v in SCALES.items()},
                  "last_is_pinned": LAST_VALUE is PINNED,
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
