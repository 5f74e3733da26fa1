"""A learning rate looked up in the program's list at a stage the step computes from a
counter it carries (`RATES[bisect_right(BOUNDS, T.n)]`); the rate is stored on the
tracker, and the loop checks it is the very float object of the list.  The loop
replaces a rate at step 9 and appends a stage at step 14."""
import bisect
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(63)
rng = np.random.default_rng(63)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
BOUNDS = [4, 8, 16]
RATES = [0.1, 0.05, 0.02, 0.01]


class Tracker:
    n = 0
    lr = None


T = Tracker()


def train_step(x, y):
    lr = RATES[bisect.bisect_right(BOUNDS, T.n)]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(lr * tape.gradient(loss, W))
    T.n += 1
    T.lr = lr
    return loss


for step in range(22):
    if step == 9:
        RATES[2] = 0.03
    if step == 14:
        BOUNDS.append(18)
        RATES.append(0.005)
    loss = train_step(tf.constant(XS[(step * 4) % 36:(step * 4) % 36 + 4]),
                      tf.constant(YS[(step * 4) % 36:(step * 4) % 36 + 4]))
    print(step, round(float(loss), 6), T.lr, any(T.lr is r for r in RATES))

print(json.dumps({"W": [round(float(v), 6) for v in W.numpy().ravel()]}))
