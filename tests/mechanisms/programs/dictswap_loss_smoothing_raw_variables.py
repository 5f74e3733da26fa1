"""A logistic classifier on raw tf.Variables whose loss is a global
keras.losses.BinaryCrossentropy object (from_logits, no label smoothing).  Mid-run the
loop replaces the loss object's `__dict__` with an edited copy (label_smoothing 0.3 in
its fn kwargs), then with a copy whose `reduction` is "sum", and finally restores the
original dict, which was kept alive in `SAVED`."""
import json

import keras
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(16)

rng = np.random.default_rng(59)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = ((XS[:, :1] - XS[:, 2:] + 0.3 * XS[:, 1:2]) > 0).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 4)).astype(np.float32) * 0.5)
V = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
LOSS = keras.losses.BinaryCrossentropy(from_logits=True)
SAVED = LOSS.__dict__


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = tf.tanh(x @ W) @ V
        loss = LOSS(y, logits)
    gw, gv = tape.gradient(loss, [W, V])
    W.assign_sub(0.2 * gw)
    V.assign_sub(0.2 * gv)
    return loss


for step in range(24):
    if step == 7:
        d = dict(SAVED)
        d["_fn_kwargs"] = dict(SAVED["_fn_kwargs"], label_smoothing=0.3)
        LOSS.__dict__ = d
    if step == 14:
        d = dict(SAVED)
        d["reduction"] = "sum"
        LOSS.__dict__ = d
    if step == 19:
        LOSS.__dict__ = SAVED
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), LOSS.reduction, LOSS._fn_kwargs["label_smoothing"])
print(json.dumps({"w": W.numpy().ravel().tolist(), "v": V.numpy().ravel().tolist()}))
