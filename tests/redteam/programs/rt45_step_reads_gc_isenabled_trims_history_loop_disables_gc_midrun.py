"""A step that adapts its Python-side bookkeeping to the interpreter's garbage
collector: when `gc.isenabled()` it keeps a longer loss history and a larger
moving-average window, and it reads `gc.get_threshold()[0]` into an int budget it
returns.  At step 10 the loop calls `gc.disable()` (as performance-minded training code
does around its hot loop) and at step 18 `gc.set_threshold(300)` while disabled.
Probes: interpreter state read through C getters of the gc module (no object or module
attribute the step reads changes), deciding Python values in the step."""
import random

import numpy

random.seed(4523)
numpy.random.seed(4523)

import gc
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4523)
rng = np.random.default_rng(4523)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS[:, 2:3] * XS[:, 3:4] + 0.1).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.04)
HISTORY = []


def train_step(x, y):
    keep = 6 if gc.isenabled() else 3
    budget = gc.get_threshold()[0] // 100
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    HISTORY.append(float(loss))
    del HISTORY[:-keep]
    return loss, sum(HISTORY) / len(HISTORY), budget


gc.enable()
gc.set_threshold(2000)
for step in range(26):
    if step == 10:
        gc.disable()
    if step == 18:
        gc.set_threshold(300)
    i = (step * 8) % 80
    loss, avg, budget = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(avg), budget, len(HISTORY))

gc.enable()
print(json.dumps({"hist": [repr(v) for v in HISTORY],
                  "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))
