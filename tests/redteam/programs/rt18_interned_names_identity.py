"""Probes: sys.intern() results, which are shared objects, stored by the step.

The contract copies a str the step computes into a fresh object at every call, except
"an object CPython shares (... any immortal object)".  sys.intern returns THE interned
string for that text: the same object at every call (and the same as any other
interned copy, e.g. an attribute name or a dict key the program interned).  The step
builds a metric key from a guarded phase name, `key = sys.intern("loss/" + PHASE["name"])`,
stores it, and uses it as a key into a metrics dict whose keys the program interned up
front.  The loop checks `STATE.key is CANON[...]` each step (True in eager); the phase
changes at steps 10 and 20."""
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1842)
rng = np.random.default_rng(1842)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.04)

PHASES = ["warmup", "main", "cooldown"]
CANON = {p: sys.intern("loss/" + "".join(p)) for p in PHASES}
PHASE = {"name": "warmup"}


class State:
    key = None
    prev = None


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    State.prev = State.key
    State.key = sys.intern("loss/" + PHASE["name"])
    return loss


for step in range(30):
    if step == 10:
        PHASE["name"] = "main"
    if step == 20:
        PHASE["name"] = "cooldown"
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), State.key, State.key is CANON[PHASE["name"]], State.key is State.prev)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "key_is_canon": State.key is CANON["cooldown"],
}))
