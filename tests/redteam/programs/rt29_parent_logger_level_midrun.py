"""The step logs to logger 'rt29.child' whose own level is NOTSET (effective level from
its parent 'rt29', INFO).  At step 15 the loop sets the parent's level to WARNING, so
eager's info records stop.  Probes: an effective level inherited from an ancestor
logger changed between calls."""
import random

import numpy

random.seed(2928)
numpy.random.seed(2928)

import json
import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2928)
rng = np.random.default_rng(2928)
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
LOGGER.setLevel(logging.NOTSET)
LOGGER.propagate = False
logging.getLogger('rt29').setLevel(logging.INFO)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    LOGGER.info("loss %.6f", float(loss))
    return loss


for step in range(30):
    if step == 15:
        logging.getLogger('rt29').setLevel(logging.WARNING)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
