"""Adapters registry: ADAPTERS maps adapter names to (tf.Variable, scale) pairs; the loop
passes the same items view object, made once (AV = ADAPTERS.items()), as an argument of
every step call: train_step(x, y, AV).  The step iterates the view to add each adapter's
contribution, trains every adapter variable it found, and reports len(view) and the names.
The loop registers a new adapter (a new tf.Variable) mid-run, replaces an adapter's
variable with a fresh one (same name, new object), changes a scale and unregisters one.
Probes: a dict view passed as an argument, the same object at every call, whose dict the
loop changes: items (tuples holding variables and floats) read through it per call."""
import random

import numpy

random.seed(5431)
numpy.random.seed(5431)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5431)
rng = np.random.default_rng(5431)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS @ np.array([[0.9], [-0.4], [0.2], [0.6]], np.float32)).astype(np.float32)

BASE = tf.Variable(tf.zeros((4, 1)), name="base")
ADAPTERS = {"a0": (tf.Variable(tf.zeros((4, 1)), name="a0"), 0.5)}
AV = ADAPTERS.items()
LR = 0.05


def train_step(x, y, adapters):
    with tf.GradientTape() as tape:
        w = BASE
        for name, (v, s) in adapters:
            w = w + s * v
        loss = tf.reduce_mean(tf.square(tf.matmul(x, w) - y))
    vs = [BASE] + [v for _, (v, _) in adapters]
    grads = tape.gradient(loss, vs)
    for v, g in zip(vs, grads):
        v.assign_sub(LR * g)
    return loss, len(adapters), [n for n, _ in adapters]


for step in range(36):
    if step == 7:
        ADAPTERS["a1"] = (tf.Variable(tf.ones((4, 1)) * 0.1, name="a1"), 0.25)
    if step == 13:
        ADAPTERS["a0"] = (tf.Variable(tf.zeros((4, 1)), name="a0b"), 0.5)
    if step == 19:
        ADAPTERS["a1"] = (ADAPTERS["a1"][0], 1.5)
    if step == 25:
        del ADAPTERS["a0"]
    if step == 30:
        ADAPTERS["a2"] = (tf.Variable(tf.ones((4, 1)) * -0.1, name="a2"), 0.75)
    i = (step * 8) % 80
    try:
        loss, n, names = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), AV)
        print(step, repr(float(loss)), n, names, repr(float(tf.reduce_sum(BASE))))
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"base": [repr(float(a)) for a in BASE.numpy().ravel()],
                  "adapters": {k: ([repr(float(a)) for a in v.numpy().ravel()], s) for k, (v, s) in ADAPTERS.items()}}))
