"""The step makes a generator from the program's function `shaper(base)` that yields loss
weights: it primes it with next(), sends it float-valued partial losses with .send() (the
generator folds each into a running Python float and yields the next weight), and stops
early by calling .close() once the weights sum past a budget (a global BUDGET that changes
at step 12).  The generator has no try/finally.  The step counts how many weights it took.
Probes: a generator made in the step and driven with send() and close()."""
import random

import numpy

random.seed(418)
numpy.random.seed(418)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3838)
rng = np.random.default_rng(3838)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) - XS[:, 3:]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.03)
BUDGET = 2.0
TAKEN = []


def shaper(base):
    run = 0.0
    w = base
    while True:
        got = yield w
        run += got
        w = base / (1.0 + run)


def train_step(x, y):
    gen = shaper(1.0)
    w0 = next(gen)
    total_w = w0
    parts = []
    with tf.GradientTape() as tape:
        for j in range(4):
            part = tf.reduce_mean(tf.square(x[:, j:j + 1] * W[j] - y * 0.25))
            parts.append(part * (w0 if j == 0 else wj))
            wj = gen.send(float(part))
            total_w += wj
            if total_w > BUDGET:
                gen.close()
                break
        loss = tf.add_n(parts)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    TAKEN.append(len(parts))
    return loss, total_w


for step in range(28):
    if step == 12:
        BUDGET = 2.6
    i = (step * 8) % 48
    loss, tw = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(tw), TAKEN[-1])

print(json.dumps({"W": W.numpy().ravel().tolist(), "taken": TAKEN}))
