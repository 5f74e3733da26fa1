"""A meta-style step runs INNER inner SGD updates on a copy of the weights in a Python
`for k in range(INNER)` loop (INNER a module global), breaking early when a Python budget
counter BUDGET["left"] (decremented once per inner step, across calls) reaches zero, and
`continue`-ing (skipping the update) on inner steps whose index is in the global SKIP
tuple.  It records each call's trip count in a list.  Mid-run: step 6 INNER 3 -> 5, step
11 SKIP () -> (1,), step 17 INNER -> 1, step 20 BUDGET["left"] refilled to 7, step 25
INNER -> 4 and SKIP -> (0, 2).  Probes: Python loops whose bounds and exits come from
globals the loop changes and from state the step itself writes."""
import random

import numpy

random.seed(393)
numpy.random.seed(393)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3813)
rng = np.random.default_rng(3813)
XS = rng.normal(size=(48, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-1.0], [0.5]], np.float32) + 0.3).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)
INNER = 3
SKIP = ()
BUDGET = {"left": 40}
TRIPS = []


def train_step(x, y):
    fast = tf.identity(W)
    trips = 0
    for k in range(INNER):
        if BUDGET["left"] <= 0:
            break
        BUDGET["left"] -= 1
        if k in SKIP:
            continue
        trips += 1
        with tf.GradientTape() as inner:
            inner.watch(fast)
            li = tf.reduce_mean(tf.square(x @ fast - y))
        fast = fast - 0.1 * inner.gradient(li, fast)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + 0.5 * tf.reduce_mean(tf.square(x @ tf.stop_gradient(fast) - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    TRIPS.append(trips)
    return loss, fast


for step in range(30):
    if step == 6:
        INNER = 5
    elif step == 11:
        SKIP = (1,)
    elif step == 17:
        INNER = 1
    elif step == 20:
        BUDGET["left"] = 7
    elif step == 25:
        INNER = 4
        SKIP = (0, 2)
    i = (step * 8) % 48
    loss, fast = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), fast.numpy().ravel().tolist(), BUDGET["left"], TRIPS[-1])

print(json.dumps({"W": W.numpy().ravel().tolist(), "trips": TRIPS, "budget": BUDGET}))
