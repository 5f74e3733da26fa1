"""Generators with try/finally blocks that the step runs to their end: a batch-chunk
generator whose `finally` counts the chunks it produced, iterated by a for-loop, and a
@contextmanager nested inside another; the chunk count comes from a global the loop
changes at step 10."""
import contextlib
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(73)
rng = np.random.default_rng(73)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
opt = keras.optimizers.SGD(0.05)
CHUNKS = 2
DEPTH = []


class Stats:
    done = 0


def chunks(x, n):
    made = 0
    try:
        for k in range(n):
            made += 1
            yield x[k::n]
    finally:
        Stats.done += made


@contextlib.contextmanager
def level(name):
    DEPTH.append(name)
    try:
        yield len(DEPTH)
    finally:
        DEPTH.pop()


def train_step(x, y):
    with level("outer") as a, level("inner") as b:
        with tf.GradientTape() as tape:
            loss = 0.0
            for part in chunks(x @ W - y, CHUNKS):
                loss = loss + tf.reduce_mean(tf.square(part))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    return loss, a + b


for step in range(20):
    if step == 10:
        CHUNKS = 4
    i = (step * 4) % 36
    loss, depth = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, round(float(loss), 6), depth, Stats.done, DEPTH)

print(json.dumps({"W": [round(float(v), 6) for v in W.numpy().ravel()], "done": Stats.done}))
