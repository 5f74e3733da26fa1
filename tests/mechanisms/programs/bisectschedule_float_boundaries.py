"""Warm-up by loss level: `bisect.bisect_left(LEVELS, value)` of a constant threshold
list against a Python float the program passes in (fixed, then changed at step 8), and
of a global float; the loop replaces a boundary with an equal float at step 12 and a
different one at step 16."""
import bisect
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(61)
rng = np.random.default_rng(61)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
opt = keras.optimizers.SGD(0.05)
LEVELS = [0.25, 0.5, 1.0]
NOISE = 0.75


def train_step(x, y, level):
    k = bisect.bisect_left(LEVELS, level) + bisect.bisect_right(LEVELS, NOISE)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.1 * k)
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    return loss, k


level = 0.5
for step in range(20):
    if step == 8:
        level = 0.3
    if step == 12:
        LEVELS[1] = float("0.5")
    if step == 16:
        LEVELS[1] = 0.8
    i = (step * 4) % 36
    loss, k = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]), level)
    print(step, round(float(loss), 6), k)

print(json.dumps({"W": [round(float(v), 6) for v in W.numpy().ravel()]}))
