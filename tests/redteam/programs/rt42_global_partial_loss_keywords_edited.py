"""The loss is a module-level `functools.partial(huber, delta=1.0)` of the program's own
Huber function, called in the step as `LOSS(y, pred)`.  At step 12 the loop tightens
the robust region in place (`LOSS.keywords["delta"] = 0.25`), and at step 20 replaces
the partial's state wholesale with `LOSS.__setstate__((huber, (), {"delta": 2.0},
None))`, which keeps the same object.  janus must follow a program-held partial's
keywords and state."""
import random

import numpy

random.seed(125)
numpy.random.seed(125)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4325)
rng = np.random.default_rng(4325)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 2.0 + rng.standard_t(2, size=(96, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))


def huber(y, p, delta):
    err = tf.abs(y - p)
    quad = tf.minimum(err, delta)
    return tf.reduce_mean(0.5 * quad * quad + delta * (err - quad))


LOSS = functools.partial(huber, delta=1.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, x @ W)
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss


for step in range(30):
    if step == 12:
        LOSS.keywords["delta"] = 0.25
    if step == 20:
        LOSS.__setstate__((huber, (), {"delta": 2.0}, None))
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), LOSS.keywords)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
