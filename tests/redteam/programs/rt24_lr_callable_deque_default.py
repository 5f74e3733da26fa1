"""Mechanism: the optimizer's learning rate is a zero-argument callable of the program's,
`def lr_fn(window=WINDOW)`, whose default is a collections.deque(maxlen=4) of recent
rates (not a list, dict, set or array).  Keras calls it back inside apply_gradients and it
returns the mean of the window.  The loop appends a new rate to WINDOW after every 5th
step (the full deque drops its oldest) and rotates it at step 23; the deque object stays
the same.  Eager recomputes the mean at every call; a build that made a non-list default
a constant (or read the deque natively at build time) keeps the first learning rate.
"""
import json
import random
from collections import deque

import keras
import numpy as np
import tensorflow as tf

random.seed(8)
np.random.seed(8)
keras.utils.set_random_seed(8)
rng = np.random.default_rng(8)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[0.3], [0.7], [-1.2]], np.float32) + 0.1).astype(np.float32)

WINDOW = deque([0.1, 0.1, 0.05, 0.05], maxlen=4)


def lr_fn(window=WINDOW):
    return sum(window) / len(window) + 0.001 * window[0]


W = tf.Variable(np.zeros((3, 1), np.float32))
B = tf.Variable(np.zeros((1,), np.float32))
OPT = keras.optimizers.SGD(learning_rate=lr_fn)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss


for step in range(32):
    if step % 5 == 4:
        WINDOW.append(0.3 / (step + 1))
    if step == 23:
        WINDOW.rotate(1)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(lr_fn()), list(WINDOW))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "B": [repr(float(v)) for v in B.numpy().ravel()],
                  "window": [repr(v) for v in WINDOW]}))
