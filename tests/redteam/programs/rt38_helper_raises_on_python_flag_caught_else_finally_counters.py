"""The step calls a helper `checked_scale(name)` that looks a scale up in a global dict
SCALES and raises the program's own exception class Missing (a plain Exception subclass)
when the name is absent; the step wraps it in try/except Missing/else/finally, counting
misses in the except, hits in the else and calls in the finally (all attributes of a
Stats object), and falls back to scale 1.0 on a miss.  Which name the step asks for comes
from a global CURRENT.  Mid-run: step 7 CURRENT -> "b" (absent: every call misses), step
13 the loop adds SCALES["b"], step 19 deletes SCALES["a"] and sets CURRENT back to "a",
step 24 CURRENT -> "b".  Probes: the program's exception raised by a helper on a Python
dict miss, caught with else/finally writing Python state, with keys added and removed."""
import random

import numpy

random.seed(419)
numpy.random.seed(419)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3839)
rng = np.random.default_rng(3839)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [0.0], [-1.0]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
SCALES = {"a": 0.5}
CURRENT = "a"


class Missing(Exception):
    pass


class Stats:
    def __init__(self):
        self.hits = 0
        self.misses = 0
        self.calls = 0


ST = Stats()


def checked_scale(name):
    if name not in SCALES:
        raise Missing(name)
    return SCALES[name]


def train_step(x, y):
    try:
        s = checked_scale(CURRENT)
    except Missing as e:
        ST.misses += 1
        s = 1.0
        why = str(e)
    else:
        ST.hits += 1
        why = "ok"
    finally:
        ST.calls += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * s
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, why


for step in range(30):
    if step == 7:
        CURRENT = "b"
    elif step == 13:
        SCALES["b"] = 2.0
    elif step == 19:
        del SCALES["a"]
        CURRENT = "a"
    elif step == 24:
        CURRENT = "b"
    i = (step * 8) % 40
    loss, why = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), why, ST.hits, ST.misses, ST.calls)

print(json.dumps({"W": W.numpy().ravel().tolist(), "hits": ST.hits, "misses": ST.misses,
                  "calls": ST.calls, "scales": SCALES}))
