"""Hyper-parameters kept in a global dict `HP` are refreshed at the top of every step
by `HP.update(OVERRIDES)`, where `OVERRIDES` is a global list of (key, value) pairs.
The step then reads HP["lr"], HP["wd"] and HP["mom"] (some of them overridden, some
not) to scale a hand-written SGD-with-momentum update of raw variables, and keeps the
values it used in globals.  Between calls the loop rebinds an un-overridden key to a
shared float `LR_B` (step 6), replaces a pair inside OVERRIDES with one holding the
shared float `WD_B` (step 11), appends a pair that overrides "lr" (step 16), replaces
the whole OVERRIDES list (step 21) and finally gives it a pair for a new key (step 26).
Probes: dict.update() of a list of pairs from the heap (a write naming no keys), the
items it leaves untouched staying the caller's objects, the identities of the values
read after it (`CUR_LR is LR_B`, `CUR_WD is WD_B`), pairs and list changed in place
and replaced between calls."""
import random

import numpy

random.seed(5502)
numpy.random.seed(5502)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5502)
rng = np.random.default_rng(5502)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = np.sin(XS[:, :1] * 1.3 + XS[:, 1:2]).astype(np.float32)

W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.4, name="w1")
B1 = tf.Variable(np.zeros(8, np.float32), name="b1")
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4, name="w2")
VARS = [W1, B1, W2]
VEL = [tf.Variable(tf.zeros_like(v)) for v in VARS]

LR_B = 0.02
WD_B = 0.003
HP = {"lr": 0.05, "wd": 0.0, "mom": 0.9}
OVERRIDES = [("wd", 0.001), ("extra", 3)]
CUR_LR = None
CUR_WD = None


def train_step(x, y):
    global CUR_LR, CUR_WD
    HP.update(OVERRIDES)
    lr = HP["lr"]
    wd = HP["wd"]
    mom = HP["mom"]
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1 + B1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, VARS)
    for v, m, g in zip(VARS, VEL, grads):
        m.assign(mom * m + g + wd * v)
        v.assign_sub(lr * m)
    CUR_LR = lr
    CUR_WD = wd
    return loss


for step in range(32):
    if step == 6:
        HP["lr"] = LR_B
    if step == 11:
        OVERRIDES[0] = ("wd", WD_B)
    if step == 16:
        OVERRIDES.append(("lr", 0.03))
    if step == 21:
        OVERRIDES = [("mom", 0.5), ("wd", WD_B)]
    if step == 26:
        OVERRIDES.insert(0, ("bonus", 1.5))
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(CUR_LR), repr(CUR_WD), CUR_LR is LR_B,
          CUR_WD is WD_B, HP)

print(json.dumps({"hp": {k: repr(v) for k, v in HP.items()}, "lr_is_b": CUR_LR is LR_B,
                  "wd_is_b": CUR_WD is WD_B,
                  "w2": [repr(float(t)) for t in W2.numpy().ravel()]}))
