"""The step logs logger.info('loss %.6f', float(loss)) to a StreamHandler on stdout; at
step 15 the loop calls logging.disable(logging.INFO) (the manager's disable level, a
stdlib module-level setting), and at step 22 logging.disable(logging.NOTSET).
Probes: the logging module's global disable switch changed between calls."""
import random

import numpy

random.seed(2925)
numpy.random.seed(2925)

import json
import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2925)
rng = np.random.default_rng(2925)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)

LOGGER = logging.getLogger("rt29.child")
LOGGER.setLevel(logging.INFO)
H = logging.StreamHandler(sys.stdout)
H.setFormatter(logging.Formatter("child %(levelname)s %(message)s"))
LOGGER.addHandler(H)
ROOT_H = logging.StreamHandler(sys.stdout)
ROOT_H.setFormatter(logging.Formatter("root %(name)s %(message)s"))
LOGGER.propagate = False


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    LOGGER.info("loss %.6f", float(loss))
    return loss


for step in range(30):
    if step == 15:
        logging.disable(logging.INFO)
    if step == 22:
        logging.disable(logging.NOTSET)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
