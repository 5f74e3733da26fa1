"""Hyper-parameter updates arrive in a dict UPDATES that the loop fills at some steps; the
step applies them to a plain HP object with `for k, v in UPDATES.items(): setattr(HP, k,
v)` (a value None means delattr), empties UPDATES with clear(), and then reads the
hyper-parameters with HP.lr, getattr(HP, "wd", 0.0) and hasattr(HP, "clip") in the same
call.  It also prints sorted(vars(HP).items()).  The names written are the dict's keys
(different at each update), some new attributes, some deletions.
Probes: setattr/delattr with names taken from a dict's keys inside the step, the step's
own reads of those attributes after the writes, and the instance dict they land in."""
import random

import numpy

random.seed(5410)
numpy.random.seed(5410)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5410)
rng = np.random.default_rng(5410)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (np.cos(XS[:, :1]) + XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)


class HParams:
    pass


HP = HParams()
HP.lr = 0.05
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
UPDATES = {}


def train_step(x, y):
    for k, v in UPDATES.items():
        if v is None:
            delattr(HP, k)
        else:
            setattr(HP, k, v)
    UPDATES.clear()
    lr = HP.lr
    wd = getattr(HP, "wd", 0.0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        if wd:
            loss = loss + wd * tf.add_n([tf.reduce_sum(v * v) for v in MODEL.trainable_variables])
    grads = tape.gradient(loss, MODEL.trainable_variables)
    if hasattr(HP, "clip"):
        grads = [tf.clip_by_value(g, -HP.clip, HP.clip) for g in grads]
    for v, g in zip(MODEL.trainable_variables, grads):
        v.assign_sub(lr * g)
    print("  hp:", sorted(vars(HP).items()))
    return loss


for step in range(36):
    if step == 6:
        UPDATES["wd"] = 0.01
    if step == 11:
        UPDATES["clip"] = 0.05
        UPDATES["lr"] = 0.1
    if step == 16:
        UPDATES["wd"] = None
        UPDATES["tag"] = "mid"
    if step == 21:
        UPDATES["clip"] = None
        UPDATES["wd"] = 0.002
    if step == 27:
        UPDATES["lr"] = 0.02
        UPDATES["clip"] = 0.5
        UPDATES["tag"] = None
    i = (step * 8) % 80
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), UPDATES)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"k": [repr(float(a)) for a in MODEL.layers[-1].kernel.numpy().ravel()],
                  "hp": sorted(vars(HP).items())}))
