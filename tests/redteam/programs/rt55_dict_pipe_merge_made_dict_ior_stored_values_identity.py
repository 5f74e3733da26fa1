"""Per-step config merging with dict operators: the step makes
`cfg = BASE | OVERRIDE` (a new dict holding the caller's value objects), then
`cfg |= EXTRA` (in place, on the dict the call made), reads cfg["lr"] and cfg["scale"],
and stores cfg in the global `LAST_CFG`.  Identity of the merged values with the
caller's objects (`LAST_CFG["lr"] is LR_OBJ`) is part of the state.  Between calls the
loop puts the shared float LR_OBJ into OVERRIDE (step 6), adds a key to EXTRA that
overrides "scale" (step 11), deletes "lr" from OVERRIDE so BASE's shows through (step
17), replaces BASE with a new dict whose key order differs (step 22) and binds
EXTRA["lr"] to LR_OBJ (step 27).
Probes: `|` of two of the program's dicts and `|=` on the dict the call made (key
order, override order, value identity), the result stored in a global."""
import random

import numpy

random.seed(5535)
numpy.random.seed(5535)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5535)
rng = np.random.default_rng(5535)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (np.maximum(XS[:, :1], 0) - XS[:, 2:3] * 0.5).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
LR_OBJ = 0.03
BASE = {"lr": 0.05, "scale": 1.0, "mom": 0.0}
OVERRIDE = {"lr": 0.04}
EXTRA = {"tag": "run"}
LAST_CFG = None


def train_step(x, y):
    global LAST_CFG
    cfg = BASE | OVERRIDE
    cfg |= EXTRA
    lr = cfg["lr"]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y)) * cfg["scale"]
    grads = tape.gradient(loss, MODEL.trainable_variables)
    for v, g in zip(MODEL.trainable_variables, grads):
        v.assign_sub(lr * g)
    LAST_CFG = cfg
    return loss


for step in range(32):
    if step == 6:
        OVERRIDE["lr"] = LR_OBJ
    if step == 11:
        EXTRA["scale"] = 0.5
    if step == 17:
        del OVERRIDE["lr"]
    if step == 22:
        BASE = {"mom": 0.9, "scale": 2.0, "lr": 0.02}
    if step == 27:
        EXTRA["lr"] = LR_OBJ
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), LAST_CFG, LAST_CFG["lr"] is LR_OBJ)

print(json.dumps({"cfg": list(LAST_CFG.items()), "lr_is_obj": LAST_CFG["lr"] is LR_OBJ,
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
