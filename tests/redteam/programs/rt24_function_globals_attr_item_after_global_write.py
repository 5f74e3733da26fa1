"""Mechanism: module globals written with `global` in a helper and read back, in the same
call, through a function's `__globals__` attribute (the module's own dict reached as an
attribute of a function object): `record()` does `global best, seen; seen += 1; best =
min(best, v)` with a Python float v, and the step then returns
`record.__globals__["seen"]` and `train_step.__globals__.get("best")`.  At step 15 the
loop resets `seen`.  Eager reads the dict the writes went to; a build that deferred the
global writes to the commit and read the items of the function's globals dict from the
heap returns the previous call's values.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(199)
np.random.seed(199)
keras.utils.set_random_seed(199)
rng = np.random.default_rng(199)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.sin(XS[:, 2:3] * 2.0).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.Adam(learning_rate=0.01)

best = 1e9
seen = 0


def record(v):
    global best, seen
    seen += 1
    best = min(best, v)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    record(0.5 + 0.01 * len(grads))
    return loss, record.__globals__["seen"], train_step.__globals__.get("best")


for step in range(30):
    if step == 15:
        seen = 100
    if step == 20:
        best = 0.25
    i = (step * 8) % 56
    loss, n, b = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), n, repr(b))

print(json.dumps({"W2": [repr(float(v)) for v in W2.numpy().ravel()],
                  "seen": seen, "best": repr(best)}))
