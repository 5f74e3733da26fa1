"""Branch-level logging: the step picks its loss with `tf.switch_case(mode_t, [mse_branch,
huber_branch, abs_branch])` where each branch is a nested function that logs through the
program's logger (a StreamHandler on stdout with format `%(funcName)s:%(lineno)d
%(message)s`) before computing its loss, and the step logs again after the switch.
logging finds the calling frame on the stack, so each record names the branch function
and its line.  janus replays logging after the graph and tells the logger the program's
file, line and function; here the caller of logging is a branch function called through
switch_case.  The mode cycles, and the huber delta is a global changed at step 14.
Probes: logging records' funcName/lineno from branch functions of tf.switch_case."""
import random

import numpy

random.seed(4342)
numpy.random.seed(4342)

import json
import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4342)
LOGGER = logging.getLogger("train")
_h = logging.StreamHandler(sys.stdout)
_h.setFormatter(logging.Formatter("%(funcName)s:%(lineno)d %(message)s"))
LOGGER.addHandler(_h)
LOGGER.setLevel(logging.INFO)
LOGGER.propagate = False
rng = np.random.default_rng(4342)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] * 3.0 + rng.standard_t(2, size=(128, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.02)
DELTA = 1.0


def train_step(x, y, mode_t):
    with tf.GradientTape() as tape:
        err = x @ W - y

        def mse_branch():
            LOGGER.info("mse branch")
            return tf.reduce_mean(tf.square(err))

        def huber_branch():
            LOGGER.info("huber branch delta=%s", DELTA)
            a = tf.abs(err)
            return tf.reduce_mean(tf.where(a < DELTA, 0.5 * a * a, DELTA * (a - 0.5 * DELTA)))

        def abs_branch():
            LOGGER.info("abs branch")
            return tf.reduce_mean(tf.abs(err))

        loss = tf.switch_case(mode_t, [mse_branch, huber_branch, abs_branch])
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    LOGGER.info("step done")
    return loss


for step in range(30):
    if step == 14:
        DELTA = 0.5
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]), tf.constant((step + step // 5) % 3))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
