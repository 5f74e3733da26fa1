"""The step logs through a module logger with a StreamHandler on sys.stdout and a format
showing `%(levelname)s %(funcName)s:%(lineno)d %(message)s`; it logs at INFO on every
call, at WARNING in one arm of a tensor branch (loss above a threshold) and at DEBUG in
the other arm, with `%`-style arguments holding Python floats from the graph, and mixes
in plain prints.  At step 12 the loop raises the logger's level to WARNING, at step 20
swaps the handler's formatter.  janus replays logging records after the graph with the
program's file, line and function; levels and handler changes must be followed."""
import random

import numpy

random.seed(84)
numpy.random.seed(84)

import json
import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4284)
rng = np.random.default_rng(4284)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 2:3] * 1.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
log = logging.getLogger("trainer")
log.propagate = False
HANDLER = logging.StreamHandler(sys.stdout)
HANDLER.setFormatter(logging.Formatter("%(levelname)s %(funcName)s:%(lineno)d %(message)s"))
log.addHandler(HANDLER)
log.setLevel(logging.DEBUG)


def train_step(x, y, k):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    log.info("step %d loss %.5f", k, float(loss))
    if loss > 1.0:
        log.warning("high loss %.3f at %d", float(loss), k)
        print("high", k)
    else:
        log.debug("low loss %.3f", float(loss))
        print("low", k)
    W.assign_sub(0.05 * g)
    return loss


for step in range(30):
    if step == 12:
        log.setLevel(logging.WARNING)
    if step == 20:
        HANDLER.setFormatter(logging.Formatter("[%(name)s] %(message)s"))
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
