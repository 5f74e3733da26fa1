"""Probes `random.choice` over a constant tuple of strings, whose drawn string then
drives a `match`, a dict lookup and a formatted tag in the step; and `random.sample`
of a constant tuple joined into a key.

Eager draws a mode at every call ("flip", "noise" or "none") and follows it; the mode
strings are recorded in HISTORY.  The loop changes the SCALES dict at step 14 and the
tuple the step draws from (a global `MODES`) at step 22 (adds "mix").

A conversion that carries the drawn string as a graph input but decides the `match`
and the lookup at build time, or draws with other arguments, records other modes and
trains differently; Python's generator state differs too.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2030)
random.seed(2030)
np.random.seed(2030)
rng = np.random.default_rng(2030)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.02)

MODES = ("flip", "noise", "none")
SCALES = {"a-b": 1.0, "a-c": 0.8, "b-a": 1.2, "b-c": 0.9, "c-a": 1.1, "c-b": 0.7}
HISTORY = []


def train_step(x, y):
    mode = random.choice(MODES)
    pair = "-".join(random.sample(("a", "b", "c"), 2))
    match mode:
        case "flip":
            xa = tf.reverse(x, axis=[0])
            ya = tf.reverse(y, axis=[0])
        case "noise":
            xa, ya = x + 0.1, y
        case "mix":
            xa, ya = 0.5 * (x + tf.reverse(x, axis=[0])), 0.5 * (y + tf.reverse(y, axis=[0]))
        case _:
            xa, ya = x, y
    s = SCALES[pair]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xa @ W - ya)) * s
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    HISTORY.append(f"{mode}:{pair}")
    return loss, mode, pair


for step in range(40):
    if step == 14:
        SCALES["a-b"] = 0.3
        SCALES["c-b"] = 1.5
    if step == 22:
        MODES = ("flip", "noise", "none", "mix")
    i = (step * 8) % 56
    loss, mode, pair = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, round(float(loss), 6), mode, pair)

print(json.dumps({
    "history": HISTORY,
    "py_next": random.random(),
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
}))
