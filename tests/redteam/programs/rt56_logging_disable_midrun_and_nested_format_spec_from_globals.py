"""The step logs its progress with a module logger (`log.info("step %d loss %.5f", ...)`)
and prints a line whose format spec is itself built from globals
(`f"{float(loss):{WIDTH}.{PREC}f}|{tag:>{WIDTH}}"`).  Mid-run the program changes what
that output does without touching the step: `logging.disable(logging.INFO)` at step 7
(the process-wide switch the logging manager keeps; loggers cache their isEnabledFor
answers), `logging.disable(logging.NOTSET)` at step 12, the logger's level raised to
WARNING at step 17 and lowered at step 21, WIDTH and PREC changed at steps 10 and 24,
and a second handler (writing to stdout with another format) added at step 27.
Probes: the ordered log of output from a converted step when the logging module's
global switches and format-spec globals change between calls."""
import random

import numpy

random.seed(5633)
numpy.random.seed(5633)

import json
import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5633)
rng = np.random.default_rng(5633)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)

handler = logging.StreamHandler(sys.stdout)
handler.setFormatter(logging.Formatter("LOG %(levelname)s %(funcName)s: %(message)s"))
log = logging.getLogger("rt56.train")
log.addHandler(handler)
log.setLevel(logging.INFO)
log.propagate = False

WIDTH = 10
PREC = 4
MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, step, tag):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    log.info("step %d loss %.5f", step, float(loss))
    print(f"{float(loss):{WIDTH}.{PREC}f}|{tag:>{WIDTH}}")
    log.warning("tag %s", tag)
    return loss


for step in range(32):
    if step == 7:
        logging.disable(logging.INFO)
    if step == 10:
        WIDTH = 14
    if step == 12:
        logging.disable(logging.NOTSET)
    if step == 17:
        log.setLevel(logging.WARNING)
    if step == 21:
        log.setLevel(logging.DEBUG)
    if step == 24:
        PREC = 7
    if step == 27:
        h2 = logging.StreamHandler(sys.stdout)
        h2.setFormatter(logging.Formatter("H2 [%(name)s] %(message)s"))
        log.addHandler(h2)
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step, "t%d" % (step % 3))
    print(step, repr(float(loss)))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]]}))
