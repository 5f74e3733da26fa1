"""Per-phase loss totals in the program's dict, maintained by the step with the dict
methods whose effect is an order: `setdefault(phase, 0.0)` (a new key goes last),
`pop(key)` then reinsert (moves it last), `popitem()` (removes the last key, LIFO) once
the dict holds more than four keys, and `STATS |= {...}` (updates in place, existing
keys keep their place).  The popped (key, value) pairs are kept in a list.  The phase
name the loop passes cycles, and at step 12 the loop itself inserts a "probe" key
(which then sits before the keys the step adds).  Probes: the order of a caller's dict
rebuilt at commit from a copy the step changed with order-sensitive methods, and the
values popitem hands back."""
import random

import numpy

random.seed(4506)
numpy.random.seed(4506)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4506)
rng = np.random.default_rng(4506)
XS = rng.normal(size=(80, 6)).astype(np.float32)
YS = (XS[:, ::2].sum(axis=1, keepdims=True) * 0.5).astype(np.float32)

MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(5, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.03)
STATS = {"warm": 0.0, "main": 0.0}
EVICTED = []
PHASES = ["warm", "main", "aux", "main", "cool", "warm", "ft"]


def train_step(x, y, phase):
    global STATS
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    value = float(loss)
    STATS.setdefault(phase, 0.0)
    STATS[phase] = STATS[phase] + value
    if "warm" in STATS and phase != "warm":
        moved = STATS.pop("warm")
        STATS["warm"] = moved
    if len(STATS) > 4:
        EVICTED.append(STATS.popitem())
    STATS |= {"main": STATS.get("main", 0.0) + 1.0, "last": value}
    return loss


for step in range(26):
    if step == 12:
        STATS["probe"] = -1.0
    phase = PHASES[step % len(PHASES)]
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), phase)
    print(step, phase, repr(float(loss)), [(k, repr(v)) for k, v in STATS.items()])

print(json.dumps({"evicted": [[k, repr(v)] for k, v in EVICTED], "keys": list(STATS),
                  "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))
