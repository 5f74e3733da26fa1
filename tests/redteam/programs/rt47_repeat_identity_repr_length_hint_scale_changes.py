"""Uniform per-variable settings fed through itertools.repeat inside the step:
zip(grads, itertools.repeat(SCALE)) scales every gradient by the module-level Python
float SCALE (rebound at steps 8 and 16, once to an int); a bounded
itertools.repeat(CFG, N_VARS) yields the *same* config dict each time (checked with
`all(c is CFG ...)`), and its repr() and operator.length_hint() are printed before and
after partial consumption with next() ("repeat({...}, 5)" -> 4 ...).  A repeat of a
tensor (the loss) times the count is summed with sum(start=...) and a
repr(itertools.count(...)) made from a Python float is printed.  CFG is edited in place
(step 11) and replaced (step 22).  Probes: repeat's identity, remaining-count repr and
length hint, and reprs of itertools objects made inside a converted step."""
import random

import numpy

random.seed(4720)
numpy.random.seed(4720)

import itertools
import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4720)
rng = np.random.default_rng(4720)
XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS[:, 1:2] ** 2 + XS[:, :1]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(7, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.04)
SCALE = 1.0
CFG = {"wd": 1e-3}
IDS = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    variables = MODEL.trainable_variables
    grads = tape.gradient(loss, variables)
    cfgs = itertools.repeat(CFG, len(variables))
    before = (repr(cfgs), operator.length_hint(cfgs))
    first = next(cfgs)
    after = (repr(cfgs), operator.length_hint(cfgs))
    rest = list(cfgs)
    same = all(c is CFG for c in [first] + rest)
    IDS.append(first is CFG)
    upd = [g * s + c["wd"] * v for (g, s), v, c in
           zip(zip(grads, itertools.repeat(SCALE)), variables, [first] + rest)]
    OPT.apply_gradients(zip(upd, variables))
    echo = sum(itertools.repeat(loss, 3), start=tf.constant(0.0))
    ticker = itertools.count(SCALE * step, 0.5)
    print("  ", before, after, same, repr(ticker), operator.length_hint(cfgs))
    return loss, echo


for step in range(28):
    if step == 8:
        SCALE = 0.5
    if step == 11:
        CFG["wd"] = 1e-2
    if step == 16:
        SCALE = 2
    if step == 22:
        CFG = {"wd": 0.0, "tag": "late"}
    i = (step * 8) % 64
    loss, echo = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), repr(float(echo)))

print(json.dumps({
    "ids": IDS,
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:7]],
}))
