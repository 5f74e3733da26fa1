"""filter(None, flags) and map(str, ...) over the program's list of per-step flags,
which the loop flips and extends between calls: the items that pass are decided by
Python truth, read through guards, and a changed flag rebuilds."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(74)
rng = np.random.default_rng(74)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.05)
FLAGS = [0, 1, 0, 2]
NAMES = []


def train_step(x, y):
    active = list(filter(None, FLAGS))
    NAMES.append("-".join(map(str, active)))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * len(active)
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    return loss


for step in range(22):
    if step == 6:
        FLAGS[0] = 3
    elif step == 13:
        FLAGS.append(0)
        FLAGS.append(5)
    i = (step * 4) % 44
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), NAMES[-1])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "names": NAMES[-3:]}))
