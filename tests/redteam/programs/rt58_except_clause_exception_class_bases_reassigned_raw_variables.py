"""Plain tf.Variable linear regression whose step calls a validator that raises
`GradPolicy` (a program exception class) on every call while a global policy is
"strict"; the step catches it with `except Recoverable` (halves the learning rate) or
`except Halt` (skips the update).  Mid-run the exception class's `__bases__` is
reassigned (step 8: Recoverable -> Halt, step 17: -> Recoverable, step 25: -> Notice,
a base neither handler names, so the exception escapes the step and the loop catches it).
Probes: which `except` clause matches (PyType_IsSubtype on the MRO) decided when the
handler was built; only the exception class's MRO changes."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5804)
rng = np.random.default_rng(5804)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS @ np.array([[0.4], [-1.1], [2.0]], np.float32) + 0.3).astype(np.float32)

W = tf.Variable(tf.zeros((3, 1)), name="w")
B = tf.Variable(tf.zeros((1,)), name="b")
POLICY = {"mode": "strict"}
EVENTS = []


class Recoverable(Exception):
    pass


class Halt(Exception):
    pass


class Notice(Exception):
    pass


class GradPolicy(Recoverable):
    pass


def validate():
    if POLICY["mode"] == "strict":
        raise GradPolicy("strict policy")


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    lr = 0.1
    try:
        validate()
    except Recoverable:
        lr = 0.05
        EVENTS.append("recoverable")
    except Halt:
        lr = 0.0
        EVENTS.append("halt")
    W.assign_sub(lr * gw)
    B.assign_sub(lr * gb)
    return loss, lr


for step in range(32):
    if step == 8:
        GradPolicy.__bases__ = (Halt,)
    if step == 17:
        GradPolicy.__bases__ = (Recoverable,)
    if step == 25:
        GradPolicy.__bases__ = (Notice,)
    if step == 29:
        GradPolicy.__bases__ = (Recoverable,)
    i = (step * 8) % 120
    try:
        loss, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), lr, len(EVENTS), EVENTS[-1])
    except Notice as e:
        print(step, "escaped", type(e).__name__, [c.__name__ for c in type(e).__mro__])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()],
                  "b": repr(float(B.numpy()[0])), "events": EVENTS}))
