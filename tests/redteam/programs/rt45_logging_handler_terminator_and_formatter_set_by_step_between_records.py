"""A training logger whose StreamHandler (to sys.stdout) the step itself reconfigures
between two records of the same call: it logs a compact record, then sets
`HANDLER.terminator` (a plain attribute StreamHandler.emit reads) to " | " and
`HANDLER.setFormatter(WIDE)` for a detailed record, logs it, and puts back "\n" and the
compact formatter before a last record.  From step 10 on (a flag the loop sets) the
detailed record is logged at WARNING with its own formatter choice.  Probes: logging
output replayed after the graph while the handler's state (terminator, formatter) is
changed by the step in between records: eager emits each record with the handler as
it was at that call."""
import random

import numpy

random.seed(4517)
numpy.random.seed(4517)

import json
import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4517)
rng = np.random.default_rng(4517)
XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 0.8 - XS[:, 2:3] * 0.4).astype(np.float32)

LOGGER = logging.getLogger("trainer45")
LOGGER.setLevel(logging.INFO)
LOGGER.propagate = False
HANDLER = logging.StreamHandler(sys.stdout)
COMPACT = logging.Formatter("%(levelname).1s %(message)s")
WIDE = logging.Formatter("[%(name)s:%(levelname)s] %(message)s")
HANDLER.setFormatter(COMPACT)
LOGGER.addHandler(HANDLER)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
DETAIL_AS_WARNING = False


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    LOGGER.info("step %d loss %.6f", step, float(loss))
    HANDLER.terminator = " | "
    HANDLER.setFormatter(WIDE)
    level = logging.WARNING if DETAIL_AS_WARNING else logging.INFO
    LOGGER.log(level, "gnorm %.5f", float(tf.linalg.global_norm(grads)))
    HANDLER.terminator = "\n"
    HANDLER.setFormatter(COMPACT)
    LOGGER.info("done %d", step)
    return loss


for step in range(20):
    if step == 10:
        DETAIL_AS_WARNING = True
    i = (step * 6) % 66
    loss = train_step(tf.constant(XS[i:i + 6]), tf.constant(YS[i:i + 6]), step)
    print(step, repr(float(loss)))

print(json.dumps({"term": HANDLER.terminator, "fmt": HANDLER.formatter._fmt,
                  "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))
