"""Probes a plain `for k, v in RATES.items()` loop (and a later `for v in
RATES.values()`) over a program dict while the loop body writes *values* of keys not
reached yet (no size change, so
CPython raises nothing).  A dict items iterator reads each value when its entry is
reached, so a write to a later key is seen by the later pair: the step propagates a
decay along the ordered dict of per-layer rates (`RATES[next] = v * DECAY` ahead of the
cursor) and sums what it visits.  It then collects the rounded values with a second loop
over RATES.values().  The loop resets RATES from a template before each call (the template's order
changes at step 12 by re-inserting a key, DECAY changes at step 20, a key is added at
step 28).  A graph that iterated a snapshot of the items would sum the undecayed
values."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2235)
np.random.seed(2235)
keras.utils.set_random_seed(2235)
rng = np.random.default_rng(2235)

XS = rng.normal(size=(72, 6)).astype(np.float32)
YS = (np.cos(XS[:, :1]) * XS[:, 1:2]).astype(np.float32)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
TEMPLATE = {"l0": 1.0, "l1": 0.8, "l2": 0.6}
RATES = {}
ORDER = ["l0", "l1", "l2"]
DECAY = 0.5


def train_step(x, y):
    total = 0.0
    visited = []
    keys = list(RATES)
    i = -1
    for k, v in RATES.items():
        i += 1
        visited.append(k)
        total += v
        if i + 1 < len(keys):
            RATES[keys[i + 1]] = v * DECAY
    paired = []
    for v in RATES.values():
        paired.append(round(v, 4))
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = tf.reduce_mean(tf.square(pred - y))
        reg = tf.add_n([tf.reduce_sum(tf.square(w)) for w in MODEL.trainable_variables])
        total_loss = loss + 0.001 * total * reg
    grads = tape.gradient(total_loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return total_loss, total, visited, paired


for step in range(36):
    if step == 12:
        TEMPLATE["l0"] = TEMPLATE.pop("l0")
    if step == 20:
        DECAY = 0.9
    if step == 28:
        TEMPLATE["l3"] = 2.0
    RATES.clear()
    RATES.update(TEMPLATE)
    i = (step * 8) % 64
    loss, total, visited, paired = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(total), visited, paired)

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
    "rates": RATES,
}))
