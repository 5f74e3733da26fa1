"""Probes guards on the contents of inner containers that the step reaches through
builtins and methods rather than by index: `max(GROUPS, key=len)` (an inner list),
`sorted(GROUPS, key=lambda g: g[0])[-1]`, `[*reversed(GROUPS)][0]`,
`min([SPECS[k] for k in SPECS], key=len)` (a list the dict holds), `SPECS.get("head")` and
`getattr(HOLDER, "coefs")`.  Each returns an inner list the program owns; the step then
sums or indexes it.  soundness.md says an item of a guarded container is known by its
index however the call reaches it and its own contents are guarded once read.  The loop
edits those inner lists *in place* (no length changes where a length key decides):
step 9 GROUPS[2][1], step 14 SPECS["head"][0], step 19 the list max() picks, step 24
HOLDER.coefs[1], step 29 the last group's first item (which also changes the sorted
order).  A graph that read the picked inner lists without guarding their contents would
keep the old coefficients."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2217)
np.random.seed(2217)
keras.utils.set_random_seed(2217)
rng = np.random.default_rng(2217)

XS = rng.normal(size=(90, 6)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + XS[:, 5:6] * 0.4).astype(np.float32)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(10, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.03, momentum=0.9)
GROUPS = [[0.5, 0.1], [0.2, 0.3, 0.4], [0.9, 0.05]]
SPECS = {"head": [1.0, 0.5], "body": [0.25, 0.125, 0.0625]}


class Holder:
    def __init__(self):
        self.coefs = [0.01, 0.02]


HOLDER = Holder()


def train_step(x, y):
    longest = max(GROUPS, key=len)
    top = sorted(GROUPS, key=lambda g: g[0])[-1]
    last = [*reversed(GROUPS)][0]
    shortest = min([SPECS[k] for k in SPECS], key=len)
    head = SPECS.get("head")
    coefs = getattr(HOLDER, "coefs")
    a = sum(longest)
    b = top[1]
    c = last[0] * shortest[1]
    d = head[0] + coefs[1]
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = a * tf.reduce_mean(tf.square(pred - y)) + (b + c) * 0.1 * tf.reduce_mean(tf.abs(pred)) * d
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, (a, b, c, d)


for step in range(36):
    if step == 9:
        GROUPS[2][1] = 0.6
    if step == 14:
        SPECS["head"][0] = 2.0
    if step == 19:
        GROUPS[1][2] = 1.4
    if step == 24:
        HOLDER.coefs[1] = 0.5
    if step == 29:
        GROUPS[0][0] = 1.5
    i = (step * 10) % 80
    loss, vals = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), [repr(v) for v in vals])

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
    "groups": GROUPS, "specs": SPECS,
}))
