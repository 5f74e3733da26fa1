"""The step logs its loss through a logger of the program's at a level read from its
config, LOG.log(CFG["level"], "loss %.6f", float(loss)), before it applies the
gradients.  Logger.log checks the level first: a level that is not an int raises
TypeError ("level must be an integer"), before any record is made and, in eager,
before the update.  At step 15 the loop reloads the config with the level as the str
"INFO"; the loop catches TypeError.  At step 24 the level goes back to logging.INFO.
The logger writes to sys.stdout.  Probes: an argument check of a logging call made
before the step's updates."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2730)
numpy.random.seed(2730)

import json
import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27301)
rng = np.random.default_rng(27301)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
LOG = logging.getLogger("rt27.train")
LOG.setLevel(logging.DEBUG)
LOG.propagate = False
_h = logging.StreamHandler(sys.stdout)
_h.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
LOG.addHandler(_h)
CFG = {"level": logging.INFO}


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    LOG.log(CFG["level"], "loss %.6f", float(loss))
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        CFG = {"level": "INFO"}
    if step == 24:
        CFG = {"level": logging.INFO}
    i = (step * 8) % 56
    try:
        out = repr(float(train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))))
    except TypeError as e:
        out = f"TypeError {e}"
    print(step, out, int(OPT.iterations))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
