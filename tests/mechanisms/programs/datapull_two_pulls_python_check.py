"""A step that pulls twice from one iterator (a batch and a held-out batch, a dict
element of features) and raises ValueError from a Python check on a counter the loop
sets; the loop also pulls from the iterator itself between some steps.  Each element is
taken once, in eager's order: the calls that raise run in the interpreter with the two
elements handed back."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(85)
rng = np.random.default_rng(85)
FEATS = rng.normal(size=(64, 3)).astype(np.float32)
LABELS = rng.normal(size=(64,)).astype(np.float32)
dataset = tf.data.Dataset.from_tensor_slices({"f": FEATS, "label": LABELS}).batch(4).repeat()
it = iter(dataset)
W = tf.Variable(np.full((3,), 0.1, np.float32))
opt = keras.optimizers.SGD(0.1)
STATE = {"budget": 100, "held": []}


def train_step():
    train = next(it)
    held = next(it)
    if STATE["budget"] < 0:
        raise ValueError("budget exhausted")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.linalg.matvec(train["f"], W) - train["label"]))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    STATE["held"].append(round(float(tf.reduce_sum(held["label"])), 5))
    return loss


for step in range(24):
    if step in (9, 10, 17):
        STATE["budget"] = -1
    else:
        STATE["budget"] = 100
    if step % 7 == 3:
        print("loop took", repr(float(tf.reduce_sum(next(it)["f"]))))
    try:
        print(step, repr(float(train_step())))
    except ValueError as exc:
        print(step, "raised", exc)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "held": STATE["held"][-4:]}))
