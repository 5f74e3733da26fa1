"""One-shot overrides: the loop (like a callback or a controller process) drops requests
into a PENDING dict at some steps ("lr_scale", "skip_update", "note"); the step consumes
each with PENDING.pop(key, default), so a request applies to exactly one call, and keeps
the value it popped in LAST (a float stays the caller's object; a note string is stored
in a list).  Some requests are posted for several steps in a row, some are posted twice
before a step runs (the second write wins), one is posted with a value equal to the
default (once the module's own constant 1.0, the default's very object, once an equal
float made at run time).
Probes: dict.pop with a default on keys that come and go between calls (absent-key
guards, identity of the popped value, the removal landing in the caller's dict)."""
import random

import numpy

random.seed(5409)
numpy.random.seed(5409)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5409)
rng = np.random.default_rng(5409)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 2:] + 0.5).astype(np.float32)

W = tf.Variable(tf.zeros((3, 1)))
B = tf.Variable(tf.zeros((1,)))
PENDING = {}
LAST = {"scale": None}
NOTES = []
ONE = 1.0
LR = 0.05


def train_step(x, y):
    scale = PENDING.pop("lr_scale", ONE)
    skip = PENDING.pop("skip_update", False)
    note = PENDING.pop("note", None)
    if note is not None:
        NOTES.append(note)
    LAST["scale"] = scale
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    if not skip:
        W.assign_sub(LR * scale * gw)
        B.assign_sub(LR * scale * gb)
    return loss, scale is ONE, skip


for step in range(40):
    if step in (6, 7, 8, 9):
        PENDING["lr_scale"] = 0.5
    if step == 12:
        PENDING["skip_update"] = True
        PENDING["note"] = "skip at 12"
    if step == 16:
        PENDING["lr_scale"] = 2.0
        PENDING["lr_scale"] = 0.25
    if step == 20:
        PENDING["lr_scale"] = 1.0
    if step == 21:
        PENDING["lr_scale"] = float("1")
    if 24 <= step < 30:
        PENDING["note"] = "n%d" % step
        if step % 2:
            PENDING["skip_update"] = step % 3 == 0
    if step == 33:
        PENDING["other"] = 5
    i = (step * 8) % 88
    try:
        loss, is_one, skip = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), repr(LAST["scale"]), is_one, LAST["scale"] is ONE, skip, PENDING)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "b": repr(float(B.numpy()[0])),
                  "notes": NOTES, "pending": PENDING}))
