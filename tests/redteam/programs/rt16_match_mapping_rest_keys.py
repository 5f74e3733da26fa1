"""The step dispatches on its augmentation config with structural pattern matching on a
dict: `case {"mode": "mix", "alpha": a, **extra}` binds the remaining keys to a new dict
and the step uses len(extra) and sorted(extra) to decide which extra penalties to add
(each present key adds its value times an L2 term).  The loop adds a key at step 8
("jitter"), changes the mode at step 14 (so the second case matches), adds another key
at step 18 and deletes one at step 24, always in place (same dict object).  Eager
re-matches every call, and **extra holds exactly the unmatched keys of that moment.  A
graph that guarded only the keys the pattern names would keep a stale `extra`.  Probes:
MATCH_MAPPING / MATCH_KEYS with a **rest capture on a heap dict."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1635)
rng = np.random.default_rng(1635)

XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (XS[:, :2] @ np.array([[1.0], [-1.0]], np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
AUG = {"mode": "mix", "alpha": 0.2, "decay": 0.01}


def train_step(x, y):
    with tf.GradientTape() as tape:
        base = tf.reduce_mean(tf.square(x @ W - y))
        match AUG:
            case {"mode": "mix", "alpha": a, **extra}:
                loss = base * (1.0 - a)
                label = f"mix a={a} extra={sorted(extra)}"
            case {"mode": "plain", **extra}:
                loss = base
                label = f"plain extra={sorted(extra)}"
            case _:
                extra = {}
                loss = base
                label = "none"
        for k in sorted(extra):
            loss = loss + extra[k] * tf.reduce_sum(tf.square(W))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    print(label, len(extra))
    return loss


for step in range(30):
    if step == 8:
        AUG["jitter"] = 0.05
    if step == 14:
        AUG["mode"] = "plain"
    if step == 18:
        AUG["shift"] = 0.02
    if step == 24:
        del AUG["decay"]
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "aug": AUG,
}))
