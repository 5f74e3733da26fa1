"""zip() of two of the program's lists, names and coefficients, where the loop body
pops the last coefficient when a name is marked: CPython's zip pulls from the names,
then from the coefficients as the body has left them, and stops where the shorter one
ends.  The loop restores the coefficients between calls and marks another name at
steps 8 and 16."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(72)
rng = np.random.default_rng(72)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.04)
NAMES = ["dense", "x_mark", "bias", "extra"]
COEFS = [0.5, 1.5, 0.25, 2.0]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    total = 0.0
    seen = []
    for name, coef in zip(NAMES, COEFS):
        seen.append(name)
        total = total + coef
        if name.startswith("x_"):
            COEFS.pop()
    g = tape.gradient(loss, W) * total
    opt.apply_gradients([(g, W)])
    return loss, total, seen


for step in range(24):
    COEFS[:] = [0.5, 1.5, 0.25, 2.0]
    if step == 8:
        NAMES[0] = "x_dense"
    if step == 16:
        NAMES[0] = "dense"
        NAMES[2] = "x_bias"
    i = (step * 4) % 44
    loss, total, seen = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), repr(total), seen, COEFS)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "coefs": COEFS}))
