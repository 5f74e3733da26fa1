"""Progressive layer freezing: after each update the step lists the layers whose gradient
norm fell below a fraction of the loss, `calm = [name for name, n in zip(NAMES, norms) if
n < FRACTION * lf]`, where `norms` are Python floats (`float(tf.norm(g))`) and `lf =
float(loss)`, and records the list in a history the caller prints (the caller freezes a
layer after it has been calm three times).  A filtered list comprehension over Python
numbers the graph computes: each item's `if` is a branch on a graph value, inside the
comprehension's loop.  FRACTION rises at step 12 so layers start to pass the filter.
Probes: list comprehensions whose filter is a decision on graph-computed numbers."""
import random

import numpy

random.seed(4339)
numpy.random.seed(4339)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4339)
rng = np.random.default_rng(4339)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(6, 1)))).astype(np.float32)
NAMES = ["embed", "hidden", "head"]
VARS = [tf.Variable(rng.normal(size=(6, 8)).astype(np.float32) * 0.3),
        tf.Variable(rng.normal(size=(8, 8)).astype(np.float32) * 0.3),
        tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.3)]
OPT = keras.optimizers.Adam(learning_rate=0.01)
FRACTION = 0.05
HISTORY = []
CALM_COUNT = {n: 0 for n in NAMES}


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ VARS[0])
        h = tf.tanh(h @ VARS[1])
        loss = tf.reduce_mean(tf.square(h @ VARS[2] - y))
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    lf = float(loss)
    norms = [float(tf.norm(g)) for g in grads]
    calm = [name for name, n in zip(NAMES, norms) if n < FRACTION * lf]
    HISTORY.append(calm)
    return loss, calm, norms


for step in range(30):
    if step == 12:
        FRACTION = 2.5
    i = (step * 16) % 112
    loss, calm, norms = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    for name in calm:
        CALM_COUNT[name] += 1
    print(step, repr(float(loss)), calm, [repr(n) for n in norms])

print(json.dumps({"calm_count": CALM_COUNT, "history_lens": [len(h) for h in HISTORY]}))
