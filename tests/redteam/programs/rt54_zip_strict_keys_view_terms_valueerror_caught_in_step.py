"""The step computes a fixed list of three loss terms and pairs them with the names of a
COEF dict via zip(COEF.keys(), COEF.values(), terms, strict=True); when the loop has
added a fourth coefficient (or removed one) zip raises ValueError after yielding the
pairs it could, and the step catches it, counts the failure in a global, prints the
message and falls back to equal weights for the rest.  The partial sum built before the
error is kept (the pairs zip yielded before raising were already added).
Probes: zip(strict=True) over dict views whose length the loop changes, the ValueError's
message and the work done before it, all caught inside a converted step."""
import random

import numpy

random.seed(5408)
numpy.random.seed(5408)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5408)
rng = np.random.default_rng(5408)
XS = rng.normal(size=(88, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)) * 0.5).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
COEF = {"mse": 1.0, "mae": 0.2, "wd": 0.001}
FAILS = {"n": 0}
USED = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        terms = [
            tf.reduce_mean(tf.square(pred - y)),
            tf.reduce_mean(tf.abs(pred - y)),
            tf.add_n([tf.reduce_sum(tf.square(v)) for v in MODEL.trainable_variables]),
        ]
        loss = 0.0
        used = 0
        try:
            for name, c, t in zip(COEF.keys(), COEF.values(), terms, strict=True):
                loss = loss + c * t
                used += 1
        except ValueError as e:
            FAILS["n"] += 1
            print("  zip failed:", e, "after", used)
            for t in terms[used:]:
                loss = loss + 0.1 * t
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    USED.append(used)
    return loss


for step in range(36):
    if step == 8:
        COEF["kl"] = 0.5
    if step == 14:
        del COEF["kl"]
    if step == 20:
        del COEF["mae"]
    if step == 26:
        COEF["mae"] = 0.3
    if step == 30:
        COEF["extra"] = 0.01
        COEF["more"] = 0.02
    i = (step * 8) % 80
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), FAILS["n"], list(COEF))
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"k": [repr(float(a)) for a in MODEL.layers[-1].kernel.numpy().ravel()],
                  "used": USED, "fails": FAILS}))
