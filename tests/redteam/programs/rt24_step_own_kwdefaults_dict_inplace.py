"""Mechanism: the training step's OWN keyword-only defaults, `def train_step(x, y, *,
clip=1.0, decay=0.9)`, which the loop never passes.  Mid-run the loop changes them in
place through the step function's __kwdefaults__ dict (`train_step.__kwdefaults__
["clip"] = 0.05` at step 10, `["decay"] = 0.5` at step 20): the function object and the
dict object keep their identity, no attribute of the function is assigned.  CPython binds
the current defaults at every call; a graph whose entry guards pinned the defaults only by
the dict's identity (or at the first build) clips with the old bound.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(137)
np.random.seed(137)
keras.utils.set_random_seed(137)
rng = np.random.default_rng(137)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[3.0], [-2.0], [1.0], [0.5]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
EMA = {"loss": 0.0}


def train_step(x, y, *, clip=1.0, decay=0.9):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    grads = [tf.clip_by_value(g, -clip, clip) for g in grads]
    OPT.apply_gradients(zip(grads, [W]))
    EMA["loss"] = decay * EMA["loss"] + (1.0 - decay) * float(loss)
    return loss, clip


for step in range(30):
    if step == 10:
        train_step.__kwdefaults__["clip"] = 0.05
    if step == 20:
        train_step.__kwdefaults__["decay"] = 0.5
    i = (step * 8) % 56
    loss, c = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(c), repr(EMA["loss"]))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "ema": repr(EMA["loss"])}))
