"""any()/all() of a generator the step made stop at the deciding item; the rest is resumed later.

`g = (check(v) for v in VALUES); found = any(g); rest = list(g)`: any() pulls items
only until the first true one, so check() (a closure made in the step that prints,
records into the step's list and into the program's global LOG) runs for the prefix;
list(g) then resumes the SAME generator for the remaining items.  `all(check(v) for v
in VALUES2)` stops at the first false one.  The contract says all()/any() of a
generator the step made stop at the deciding item.  A conversion that evaluates the
whole generator for any()/all() (as sum() or list() do), or that restarts it for
list(g), prints extra "check" lines, appends extra items to LOG, and gets another rest.
Mid-run VALUES is edited so the deciding item moves (step 12 earlier, step 30 none: any()
consumes everything and rest is empty), LIMIT changes (step 22: all() now stops at its first item), VALUES2 gains a
true item at its front (step 26: all() stops at its second item).
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2123)
random.seed(2123)
np.random.seed(2123)
rng = np.random.default_rng(2123)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

VALUES = [0.5, 1.5, 2.5, 4.0, 0.25]
VALUES2 = [3.0, 5.0, 7.0]
LIMIT = 2.0
LOG = []


def train_step(x, y):
    seen = []

    def check(v):
        seen.append(v)
        LOG.append(v)
        print("check", v)
        return v > LIMIT

    g = (check(v) for v in VALUES)
    found = any(g)
    n_any = len(seen)
    rest = list(g)
    ok = all(check(v) for v in VALUES2)
    seen.append(n_any)
    factor = 1.0 + 0.1 * len(seen) + (0.5 if found else 0.0) + (0.25 if ok else 0.0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * factor
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, found, rest, ok, seen


for step in range(40):
    if step == 12:
        VALUES[1] = 3.5
    if step == 22:
        LIMIT = 3.0
    if step == 26:
        VALUES2.insert(0, 9.0)
    if step == 30:
        VALUES[1] = 0.75
        VALUES[3] = 1.0
    i = (step * 8) % 88
    loss, found, rest, ok, seen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), found, rest, ok, seen, len(LOG))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "log_len": len(LOG), "log_tail": LOG[-12:],
    "iterations": int(OPT.iterations.numpy()),
}))
