"""map() over a generator the step makes, taken lazily: next() gives the first item,
the step notes something in between, then list() takes the rest.  The generator and
the mapped function both append to the program's log, so the order of their effects
is CPython's lazy order; the log's length is printed each step."""
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
opt = keras.optimizers.SGD(0.05)
LOG = []
STEPS = 3


def warmup(n):
    for k in range(n):
        LOG.append(("gen", k))
        yield k


def rate(k):
    LOG.append(("rate", k))
    return 1.0 / (k + 2)


def train_step(x, y):
    rates = map(rate, warmup(STEPS))
    first = next(rates)
    LOG.append(("first", first))
    rest = list(rates)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W) * (first + sum(rest))
    opt.apply_gradients([(g, W)])
    return loss


for step in range(22):
    if step == 12:
        STEPS = 4
    i = (step * 4) % 44
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), len(LOG))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "log": LOG[-9:]}))
