"""The step appends its loss to a history list and keeps only the last four with a
slice assignment (`HISTORY[:] = HISTORY[-4:]`), then scales the gradient by the
window's length; the loop clears the history at step 9 and puts two entries back at
step 15."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(81)
rng = np.random.default_rng(81)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.04)
HISTORY = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    HISTORY.append(step)
    HISTORY[:] = HISTORY[-4:]
    g = tape.gradient(loss, W) / len(HISTORY)
    opt.apply_gradients([(g, W)])
    return loss


for step in range(22):
    if step == 9:
        HISTORY.clear()
    if step == 15:
        HISTORY.extend([100, 101])
    i = (step * 4) % 44
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]), step)
    print(step, repr(float(loss)), HISTORY)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "history": HISTORY}))
