"""Per-parameter-group settings: the step makes "private" copies of the program's groups
with `[dict(g) for g in PARAM_GROUPS]`, but the copies are shallow, so its in-place
decay `g["mult"][0] *= 0.97` and its `g["hist"].append(...)` write through into the
program's nested lists, while `g["name"] = g["name"].upper()` changes only the copy.
The step uses the multipliers in the loss and returns the copies; the loop prints the
program's own nested lists, the copies' identity relations, and edits the program's
groups: an inner list item at step 10, a whole inner list replaced at step 16, a group
appended at step 22, a history cleared at step 27.  Probes: aliasing between a
container the step made from the caller's data and the caller's nested containers, with
writes through both and edits between calls."""
import random

import numpy

random.seed(5614)
numpy.random.seed(5614)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5614)
rng = np.random.default_rng(5614)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) - XS[:, 3:4]).astype(np.float32)

PARAM_GROUPS = [{"name": "enc", "mult": [1.0, 1.0], "hist": []},
                {"name": "dec", "mult": [0.5, 2.0], "hist": []}]
W = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5)
V = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)


def train_step(x, y):
    groups = [dict(g) for g in PARAM_GROUPS]
    for g in groups:
        g["mult"][0] *= 0.97
        g["hist"].append(round(g["mult"][0], 6))
        g["name"] = g["name"].upper()
    with tf.GradientTape() as tape:
        pred = tf.matmul(tf.nn.elu(tf.matmul(x, W)), V)
        loss = tf.reduce_mean(tf.square(pred - y))
    gw, gv = tape.gradient(loss, [W, V])
    W.assign_sub(0.05 * groups[0]["mult"][0] * groups[0]["mult"][1] * gw)
    V.assign_sub(0.05 * groups[1]["mult"][0] * groups[1]["mult"][1] * gv)
    return loss, groups


for step in range(32):
    if step == 10:
        PARAM_GROUPS[1]["mult"][1] = 1.0
    if step == 16:
        PARAM_GROUPS[0]["mult"] = [2.0, 0.5]
    if step == 22:
        PARAM_GROUPS.append({"name": "aux", "mult": [1.0, 1.0], "hist": [0.0]})
    if step == 27:
        PARAM_GROUPS[0]["hist"].clear()
    i = (step * 8) % 120
    loss, groups = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [g["name"] for g in PARAM_GROUPS], [g["name"] for g in groups],
          [g["mult"] for g in PARAM_GROUPS], [len(g["hist"]) for g in PARAM_GROUPS],
          groups[0]["mult"] is PARAM_GROUPS[0]["mult"], groups[0] is PARAM_GROUPS[0])

print(json.dumps({"groups": PARAM_GROUPS,
                  "w": [repr(float(v)) for v in W.numpy().ravel()[:6]],
                  "v": [repr(float(v)) for v in V.numpy().ravel()]}))
