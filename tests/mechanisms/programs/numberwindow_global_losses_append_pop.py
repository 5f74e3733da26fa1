"""A global window of the last four losses (Python floats from the graph): the step appends
its loss, drops the oldest when the window is full, and scales its learning signal by the window's mean (sum/len);
the caller checks that an old item is still the same float object, and at step 12 writes
an item of its own into the window."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(61)
rng = np.random.default_rng(61)
XS = rng.normal(size=(48, 3)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.05)

WINDOW = []
SIZE = 4


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
        scale = 1.0 if not WINDOW else 1.0 / (1.0 + sum(WINDOW) / len(WINDOW))
        scaled = loss * scale
    opt.apply_gradients([(tape.gradient(scaled, W), W)])
    WINDOW.append(float(loss))
    if len(WINDOW) > SIZE:
        WINDOW.pop(0)
    return loss, scale


held = None
for step in range(24):
    if step == 12:
        WINDOW[1] = 0.5
    i = (step * 4) % 44
    loss, scale = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    if step == 9:
        held = WINDOW[-1]
    print(step, repr(float(loss)), repr(scale), [repr(v) for v in WINDOW], held in WINDOW and any(v is held for v in WINDOW))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
