"""list `+=` on a list held in a dict entry (`BUFFERS["train"] += [loss]`, stored back
with STORE_SUBSCR) and on a closure's cell (`history += [tag]` with `nonlocal history`,
STORE_DEREF): each extends the program's list in place and stores the same object
back; the loop checks identity and changes the tag mid-run."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(47)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
BUFFERS = {"train": [], "other": [1]}
TRAIN = BUFFERS["train"]
TAG = {"name": "warm"}


def make_step():
    history = []

    def train_step(x):
        nonlocal history
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ w))
        w.assign_sub(0.05 * tape.gradient(loss, w))
        BUFFERS["train"] += [loss]
        history += [TAG["name"]]
        return loss

    return train_step, lambda: history


step, seen = make_step()
HISTORY = seen()
for i in range(24):
    if i == 12:
        TAG["name"] = "main"
    loss = step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), BUFFERS["train"] is TRAIN, len(TRAIN), seen() is HISTORY,
          seen()[-2:], repr(float(TRAIN[-1])))
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
