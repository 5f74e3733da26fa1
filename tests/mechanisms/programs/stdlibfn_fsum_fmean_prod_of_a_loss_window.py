"""A smoothing window of recent losses that the caller keeps and passes as a tuple of
Python floats, with the step's own loss added: the step reports math.fsum,
statistics.fmean and math.prod of it; the window's length drops to 3 at step 11."""
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
import math
import statistics

WINDOW = [0.5, 0.25, 0.125, 1.0]
SIZE = 5


def train_step(x, y, recent):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    window = [*recent, float(loss)]
    return loss, math.fsum(window), statistics.fmean(window), math.prod([1.5, len(window), window[-1]])


for step in range(22):
    if step == 11:
        SIZE = 3
    i = (step * 4) % 44
    loss, total, mean, prod = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]),
                                         tuple(WINDOW[-(SIZE - 1):]))
    WINDOW.append(float(loss))
    print(step, repr(float(loss)), repr(total), repr(mean), repr(prod), len(WINDOW))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
