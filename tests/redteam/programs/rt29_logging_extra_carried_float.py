"""The step logs with logging.info('step done', extra={'lv': float(loss), 'tag': TAG}) to a
StreamHandler on stdout whose format uses %(lv).6f and %(tag)s.  At step 15 TAG changes
and the handler's formatter is replaced by one with another format.  Probes: a record's
extra fields holding graph values, and a formatter swapped between calls."""
import random

import numpy

random.seed(2908)
numpy.random.seed(2908)

import json
import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2908)
rng = np.random.default_rng(2908)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)

LOGGER = logging.getLogger("rt29")
LOGGER.setLevel(logging.INFO)
H = logging.StreamHandler(sys.stdout)
H.setFormatter(logging.Formatter("[%(tag)s] %(lv).6f %(message)s"))
LOGGER.addHandler(H)
LOGGER.propagate = False
TAG = "warm"


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    LOGGER.info("step done", extra={"lv": float(loss), "tag": TAG})
    return loss


for step in range(30):
    if step == 15:
        TAG = "main"
        H.setFormatter(logging.Formatter("<%(tag)s|%(lv).3e> %(message)s"))
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))
H.flush()

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
