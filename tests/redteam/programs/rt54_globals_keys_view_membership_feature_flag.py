"""Feature flags as module globals that may or may not exist: GK = globals().keys() is
kept once at module level, and the step asks `"WARMUP_SCALE" in GK` and `"EXTRA_L2" in GK`
before reading those globals, and counts the flag-like names with
sorted(k for k in GK if k.endswith("_FLAG")).  The loop defines, rebinds and deletes those
globals mid-run (`del WARMUP_SCALE`, `EXTRA_L2 = ...`, `DROP_FLAG = True`).
Probes: a keys view of the module's own globals dict, held in a global, read in the step:
membership and iteration must follow globals the loop creates and deletes."""
import random

import numpy

random.seed(5413)
numpy.random.seed(5413)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5413)
rng = np.random.default_rng(5413)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS @ np.array([[1.2], [-0.4], [0.3], [0.8]], np.float32) - 0.1).astype(np.float32)

W = tf.Variable(tf.zeros((4, 1)))
B = tf.Variable(tf.zeros((1,)))
WARMUP_SCALE = 0.3
GK = globals().keys()
LR = 0.05


def train_step(x, y):
    scale = 1.0
    if "WARMUP_SCALE" in GK:
        scale = WARMUP_SCALE
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) + B - y))
        if "EXTRA_L2" in GK:
            loss = loss + EXTRA_L2 * tf.reduce_sum(W * W)
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(LR * scale * gw)
    B.assign_sub(LR * scale * gb)
    flags = sorted(k for k in GK if k.endswith("_FLAG"))
    return loss, scale, flags


for step in range(38):
    if step == 9:
        del WARMUP_SCALE
    if step == 14:
        EXTRA_L2 = 0.05
    if step == 18:
        DROP_FLAG = True
    if step == 22:
        EXTRA_L2 = 0.5
        AUX_FLAG = 1
    if step == 27:
        del EXTRA_L2
        WARMUP_SCALE = 2.0
    if step == 32:
        del DROP_FLAG
    i = (step * 8) % 80
    try:
        loss, scale, flags = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), scale, flags)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "b": repr(float(B.numpy()[0])),
                  "flags": sorted(k for k in GK if k.endswith("_FLAG"))}))
