"""Probes: logging through a stdlib StreamHandler whose `emit` is overridden on the
instance.

janus replays logging calls after the graph and refuses "logging through anything that
runs the program's code when a record is emitted (a filter on the logger or a handler,
a handler or formatter class of the program's, a record factory)".  Here the handler is
a plain logging.StreamHandler (stdlib class) and the formatter a plain
logging.Formatter, but at step 12 the loop wraps the handler's emit by assigning an
instance attribute (`HANDLER.emit = counting_emit`), the usual way to add a quick
counter without subclassing.  Handler.handle looks up self.emit on the instance, so
eager runs the program's function inside the step's log call; the step then reads the
emitted-record count to choose its learning rate."""
import json
import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1849)
rng = np.random.default_rng(1849)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)

LOG = logging.getLogger("rt18.emit")
LOG.setLevel(logging.INFO)
LOG.propagate = False
HANDLER = logging.StreamHandler(sys.stdout)
HANDLER.setFormatter(logging.Formatter("  LOG %(message)s"))
LOG.addHandler(HANDLER)
EMITTED = {"n": 0}
RAW_EMIT = HANDLER.emit


def counting_emit(record):
    EMITTED["n"] += 1
    RAW_EMIT(record)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    LOG.info("loss %.6f", float(loss))
    lr = 0.05 if EMITTED["n"] % 2 == 0 else 0.015
    W.assign_sub(lr * g)
    return loss, lr


for step in range(30):
    if step == 12:
        HANDLER.emit = counting_emit
    i = (step * 8) % 56
    loss, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), "lr", lr, "emitted", EMITTED["n"])
    sys.stdout.flush()

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "emitted": EMITTED["n"],
}))
