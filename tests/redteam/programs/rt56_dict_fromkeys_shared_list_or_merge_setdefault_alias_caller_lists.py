"""The step builds two dicts from program data whose values are the program's own lists:
`logs = dict.fromkeys(("loss", "gnorm"), SHARED)` (both keys hold the one list SHARED,
so both appends land in it) and `cfg = BASE | OVR[PHASE]` followed by
`cfg.setdefault("extra", []).append(...)` (which appends into BASE["extra"] when BASE
has that key, and into a new list otherwise).  The loop switches PHASE at step 8,
deletes BASE["extra"] at step 12, puts a different list there at step 18, rebinds the
global SHARED to a new list at step 24 and edits a nested override at step 28, and
prints the program's lists (lengths, last items) after every step.  Probes: containers
made in the step by dict.fromkeys/`|`/setdefault whose values alias the caller's
lists, written through by the step."""
import random

import numpy

random.seed(5615)
numpy.random.seed(5615)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5615)
rng = np.random.default_rng(5615)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 2.0 - XS[:, 0:1] * XS[:, 2:3]).astype(np.float32)

SHARED = []
BASE = {"lr": 0.05, "scale": 1.0, "extra": [0.0]}
OVR = {"warm": {"lr": 0.02}, "main": {"scale": 1.5}}
PHASE = "warm"
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
B = tf.Variable(np.zeros((1,), np.float32))


def train_step(x, y):
    logs = dict.fromkeys(("loss", "gnorm"), SHARED)
    cfg = BASE | OVR[PHASE]
    cfg.setdefault("extra", []).append(0.1)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) + B - y)) * cfg["scale"]
    gw, gb = tape.gradient(loss, [W, B])
    lr = cfg["lr"] * (1.0 + cfg["extra"][0])
    W.assign_sub(lr * gw)
    B.assign_sub(lr * gb)
    logs["loss"].append(float(loss))
    logs["gnorm"].append(float(tf.norm(gw)))
    return loss, logs, cfg


EXTRA2 = [0.5]
for step in range(32):
    if step == 8:
        PHASE = "main"
    if step == 12:
        del BASE["extra"]
    if step == 18:
        BASE["extra"] = EXTRA2
    if step == 24:
        SHARED = []
    if step == 28:
        OVR["main"]["scale"] = 0.5
    i = (step * 8) % 120
    loss, logs, cfg = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(SHARED), repr(SHARED[-1]), logs["loss"] is SHARED,
          len(BASE.get("extra", ())), len(cfg["extra"]), cfg["extra"] is BASE.get("extra"),
          sorted(cfg))

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()],
                  "shared_tail": [repr(v) for v in SHARED[-4:]],
                  "extra2": len(EXTRA2)}))
