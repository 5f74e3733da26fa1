"""The step's signature carries its loss weights as default arguments that are dict views
made once when the function is defined: def train_step(x, y, coefs=COEF.values(),
names=COEF.keys()).  The step zips names with coefs to weight its terms, sums and sorts
coefs, and asks `"wd" in names`.  The loop only edits the dict COEF (values in place, a new
key, a deletion, a reorder); the defaults are never replaced, so they show the live dict.
Probes: default arguments that are dict views (not lists, dicts, sets or arrays): their
contents follow the dict, which the loop edits between calls."""
import random

import numpy

random.seed(5430)
numpy.random.seed(5430)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5430)
rng = np.random.default_rng(5430)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-0.5], [1.5], [0.25]], np.float32) + 0.3).astype(np.float32)

W = tf.Variable(tf.zeros((4, 1)))
B = tf.Variable(tf.zeros((1,)))
COEF = {"mse": 1.0, "mae": 0.3}
LR = 0.05


def train_step(x, y, coefs=COEF.values(), names=COEF.keys()):
    with tf.GradientTape() as tape:
        err = tf.matmul(x, W) + B - y
        terms = {"mse": tf.reduce_mean(err * err), "mae": tf.reduce_mean(tf.abs(err)),
                 "wd": tf.reduce_sum(W * W), "b2": tf.reduce_sum(B * B)}
        loss = 0.0
        for n, c in zip(names, coefs):
            loss = loss + c * terms[n]
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(LR * gw)
    B.assign_sub(LR * (gb if gb is not None else 0.0))
    return loss, sum(coefs), sorted(coefs), "wd" in names


for step in range(36):
    if step == 6:
        COEF["mae"] = 0.6
    if step == 11:
        COEF["wd"] = 0.02
    if step == 16:
        COEF["mse"] = COEF.pop("mse") * 0.5
    if step == 22:
        del COEF["wd"]
        COEF["b2"] = 0.1
    if step == 28:
        COEF["mae"] = 0.0
        COEF["wd"] = 0.2
    i = (step * 8) % 80
    try:
        loss, tot, srt, has_wd = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), repr(tot), srt, has_wd)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "b": repr(float(B.numpy()[0])), "coef": COEF}))
