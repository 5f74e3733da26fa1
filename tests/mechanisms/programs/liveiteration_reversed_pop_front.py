"""reversed() of the program's list of decays, whose loop body drops the front item
when an item is large: CPython's reverse iterator walks down by index, so the list
shortening from the front makes it end early (or reread an item).  The loop refills
the list between calls; step 10 puts large items first."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(73)
rng = np.random.default_rng(73)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.04)
DECAYS = [0.9, 0.8, 1.2, 0.7, 1.5]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    factor = 1.0
    walked = []
    for decay in reversed(DECAYS):
        walked.append(decay)
        factor = factor * decay
        if decay > 1.0:
            DECAYS.pop(0)
    g = tape.gradient(loss, W) * factor
    opt.apply_gradients([(g, W)])
    return loss, factor, walked


for step in range(22):
    DECAYS[:] = [0.9, 0.8, 1.2, 0.7, 1.5] if step < 10 else [1.3, 1.1, 0.6, 0.95]
    i = (step * 4) % 44
    loss, factor, walked = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), repr(factor), walked, DECAYS)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "decays": DECAYS}))
