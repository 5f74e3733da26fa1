"""A step that turns its own logging up: LOG ("train", a StreamHandler on stdout with a
"%(levelname)s %(message)s" format, level INFO) gets a debug line and an info line per
call; when the loss first falls under 0.05 the step calls `LOG.setLevel(logging.DEBUG)`
between the two calls (so that call's debug line is dropped and its later lines show),
and when the loss falls under 0.005 it sets WARNING (later info lines vanish).  Prints
and log lines interleave on stdout.  Probes: a logger's level changed by the step itself
in the middle of its own logging calls (the level cache logging keeps): which lines
appear, in which order, and the final level."""
import random

import numpy

random.seed(5132)
numpy.random.seed(5132)

import json
import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5132)
rng = np.random.default_rng(5132)

LOG = logging.getLogger("train")
HANDLER = logging.StreamHandler(sys.stdout)
HANDLER.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
LOG.addHandler(HANDLER)
LOG.setLevel(logging.INFO)
LOG.propagate = False

XS = rng.normal(size=(80, 3)).astype(np.float32)
YS = (XS @ np.array([0.6, -0.6, 0.3], np.float32)).astype(np.float32)
W = tf.Variable(tf.zeros((3,)), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.04)


def train_step(step, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.linalg.matvec(x, W) - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    value = float(loss)
    LOG.debug("step %d grad %.6f", step, float(tf.norm(grads[0])))
    if value < 0.005 and LOG.level != logging.WARNING:
        LOG.setLevel(logging.WARNING)
    elif value < 0.05 and LOG.level == logging.INFO:
        LOG.setLevel(logging.DEBUG)
    LOG.info("step %d loss %.6f", step, value)
    LOG.debug("step %d after update", step)
    LOG.warning("step %d level now %d", step, LOG.level)
    return loss


for step in range(48):
    i = (step * 5) % 75
    loss = train_step(step, tf.constant(XS[i:i + 5]), tf.constant(YS[i:i + 5]))
    print("loop", step, repr(float(loss)), LOG.level, LOG.isEnabledFor(logging.DEBUG))

print(json.dumps({"level": LOG.level, "w": [repr(float(v)) for v in W.numpy()]}))
