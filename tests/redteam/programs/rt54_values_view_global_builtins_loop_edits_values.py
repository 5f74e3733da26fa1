"""A linear regressor trained with a weighted sum of three loss terms whose weights live
in a dict LOSS_W.  Three views of that dict are made once at module level and kept in
globals (W_VIEW = LOSS_W.values(), K_VIEW = LOSS_W.keys(), I_VIEW = LOSS_W.items()); the
step never names LOSS_W itself: it iterates I_VIEW to build the loss, and consumes W_VIEW
with sum/max/min/sorted/tuple/reversed/enumerate/any/all and K_VIEW with `in`.  The loop
edits the dict's values in place between steps (same keys, same size), moves a key to the
end (del + re-insert), and removes/re-adds one.
Probes: dict views held in globals across calls (live views): builtins over a view whose
dict's values, not only its keys, change between converted calls."""
import random

import numpy

random.seed(5401)
numpy.random.seed(5401)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5401)
rng = np.random.default_rng(5401)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25], [2.0]], np.float32) + 0.1).astype(np.float32)

W = tf.Variable(tf.zeros((4, 1)))
B = tf.Variable(tf.zeros((1,)))
LOSS_W = {"mse": 1.0, "l1": 0.25, "l2": 0.01}
W_VIEW = LOSS_W.values()
K_VIEW = LOSS_W.keys()
I_VIEW = LOSS_W.items()
LR = 0.05
HISTORY = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = tf.matmul(x, W) + B - y
        terms = {
            "mse": tf.reduce_mean(err * err),
            "l1": tf.reduce_mean(tf.abs(err)),
            "l2": tf.reduce_sum(W * W),
        }
        total = 0.0
        for name, coef in I_VIEW:
            total = total + coef * terms[name]
    gw, gb = tape.gradient(total, [W, B])
    W.assign_sub(LR * gw)
    B.assign_sub(LR * gb)
    info = {
        "sum": sum(W_VIEW),
        "max": max(W_VIEW),
        "min": min(W_VIEW),
        "sorted": sorted(W_VIEW),
        "tuple": tuple(W_VIEW),
        "rev": list(reversed(W_VIEW)),
        "pos": [i for i, c in enumerate(W_VIEW) if c > 0.2],
        "any_big": any(c > 0.5 for c in W_VIEW),
        "all_pos": all(c > 0.0 for c in W_VIEW),
        "has_l1": "l1" in K_VIEW,
        "n": len(W_VIEW),
    }
    HISTORY.append(info["sum"])
    return total, info


for step in range(36):
    if step == 6:
        LOSS_W["l1"] = 0.5
    if step == 10:
        LOSS_W["l2"] = LOSS_W["l2"] * 3.0
    if step == 14:
        LOSS_W["mse"] = 0.75
    if step == 18:
        v = LOSS_W.pop("mse")
        LOSS_W["mse"] = v
        del v
    if step == 22:
        LOSS_W["l2"] = 0.0
    if step == 26:
        del LOSS_W["l1"]
    if step == 30:
        LOSS_W["l1"] = 0.125
    i = (step * 8) % 88
    try:
        loss, info = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), info)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "b": repr(float(B.numpy()[0])),
                  "hist": [repr(h) for h in HISTORY], "loss_w": LOSS_W}))
