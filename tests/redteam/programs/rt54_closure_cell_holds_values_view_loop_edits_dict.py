"""A loss factory make_loss(weights) returns a closure that captures views of the weights
dict it was given (vals = weights.values(), items = weights.items()) and, when called,
computes a weighted sum of named terms through the items view and a normaliser
sum(vals).  The closure is made once and kept in a global LOSS_FN; the step calls it.
The loop edits the dict the closure was made from (values, a new key, a deletion),
never the closure or its cells.
Probes: dict views held in a closure's cells (cells guarded as themselves: the cell
contents stay the same view object while the viewed dict changes between calls)."""
import random

import numpy

random.seed(5432)
numpy.random.seed(5432)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5432)
rng = np.random.default_rng(5432)
XS = rng.normal(size=(88, 5)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(5, 1))) * 1.5).astype(np.float32)

LW = {"mse": 1.0, "mae": 0.5}


def make_loss(weights):
    vals = weights.values()
    items = weights.items()

    def loss_fn(pred, y, model):
        err = pred - y
        terms = {"mse": tf.reduce_mean(err * err), "mae": tf.reduce_mean(tf.abs(err)),
                 "wd": tf.add_n([tf.reduce_sum(v * v) for v in model.trainable_variables])}
        total = 0.0
        for k, w in items:
            total = total + w * terms[k]
        return total / sum(vals)

    return loss_fn


LOSS_FN = make_loss(LW)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS_FN(MODEL(x), y, MODEL)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    if step == 7:
        LW["mae"] = 2.0
    if step == 13:
        LW["wd"] = 0.05
    if step == 19:
        LW["mse"] = 0.25
    if step == 25:
        del LW["mae"]
    if step == 30:
        LW["mae"] = 1.0
        LW["wd"] = 0.0
    i = (step * 8) % 80
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), LW)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"k": [repr(float(a)) for a in MODEL.layers[-1].kernel.numpy().ravel()], "lw": LW}))
