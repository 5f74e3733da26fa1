"""The step replaces the middle of the program's coefficient list with the first two
of another list it has just appended to (`COEFS[1:3] = EXTRA[:2]` after
`EXTRA.insert(0, ...)`), and an extended slice (`MASK[::2] = ...`); the loop edits both
lists between calls at steps 7 and 13."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(82)
rng = np.random.default_rng(82)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.04)
COEFS = [1.0, 0.5, 0.25, 2.0]
EXTRA = [0.75, 1.25]
MASK = [1, 1, 1, 1, 1]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    EXTRA.insert(0, 0.125)
    COEFS[1:3] = EXTRA[:2]
    MASK[::2] = [0, 1, 0]
    scale = sum(COEFS) * sum(MASK)
    g = tape.gradient(loss, W) * 0.1 * scale
    opt.apply_gradients([(g, W)])
    return loss, scale


for step in range(20):
    if step == 7:
        EXTRA[:] = [2.0, 3.0]
    if step == 13:
        COEFS.append(0.5)
        MASK[0] = 5
    i = (step * 4) % 44
    loss, scale = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    del EXTRA[2:]
    print(step, repr(float(loss)), repr(scale), COEFS, EXTRA, MASK)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "coefs": COEFS}))
