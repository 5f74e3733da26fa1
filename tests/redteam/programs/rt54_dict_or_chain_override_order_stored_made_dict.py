"""Hyper-parameters are layered as BASE | PHASE[phase] | OVERRIDE, merged with `|` inside
the step each call; the merged dict's items are iterated in order to weight the loss terms
(a float sum whose order shows in the last bits), a `|=` on a dict the step made adds the
step's own entry, and the merged dict is stored in a global (LAST_CFG) and its key order
printed.  The loop reorders BASE (pop + re-insert), adds and deletes OVERRIDE keys, and
switches the phase.
Probes: `|` and `|=` of the program's dicts in the step: key order (left operand's order,
new keys appended), which value wins, and the made dict stored across calls."""
import random

import numpy

random.seed(5404)
numpy.random.seed(5404)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5404)
rng = np.random.default_rng(5404)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.5 - XS[:, 1:2] * 0.5 + 0.3 * XS[:, 2:3] * XS[:, 3:4]).astype(np.float32)

W = tf.Variable(tf.random.normal((4, 1), seed=1) * 0.1)
B = tf.Variable(tf.zeros((1,)))
BASE = {"mse": 1.0, "l1": 0.1, "wd": 0.001, "bias": 0.01}
PHASE = {"warm": {"l1": 0.3}, "main": {"mse": 0.9, "huber": 0.2}}
OVERRIDE = {}
STATE = {"phase": "warm"}
LAST_CFG = None
LR = 0.05


def train_step(x, y):
    global LAST_CFG
    cfg = BASE | PHASE[STATE["phase"]] | OVERRIDE
    cfg |= {"scale": 1.0 + 0.5 * len(OVERRIDE)}
    with tf.GradientTape() as tape:
        err = tf.matmul(x, W) + B - y
        terms = {
            "mse": tf.reduce_mean(err * err),
            "l1": tf.reduce_mean(tf.abs(err)),
            "wd": tf.reduce_sum(W * W),
            "bias": tf.reduce_sum(B * B),
            "huber": tf.reduce_mean(tf.where(tf.abs(err) < 1.0, 0.5 * err * err, tf.abs(err) - 0.5)),
        }
        loss = 0.0
        for k, c in cfg.items():
            if k in terms:
                loss = loss + c * terms[k]
        loss = loss * cfg["scale"]
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(LR * gw)
    B.assign_sub(LR * gb)
    LAST_CFG = cfg
    return loss, list(cfg)


for step in range(36):
    if step == 5:
        OVERRIDE["wd"] = 0.01
    if step == 10:
        STATE["phase"] = "main"
    if step == 14:
        BASE["mse"] = BASE.pop("mse")
    if step == 19:
        OVERRIDE["bias"] = 0.2
        OVERRIDE["huber"] = 0.05
    if step == 24:
        del OVERRIDE["wd"]
    if step == 28:
        BASE["l1"] = BASE.pop("l1") * 0.5
        STATE["phase"] = "warm"
    if step == 32:
        OVERRIDE.clear()
    i = (step * 8) % 80
    try:
        loss, keys = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), keys, LAST_CFG)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "b": repr(float(B.numpy()[0])),
                  "last": LAST_CFG, "base": list(BASE)}))
