"""Logger configuration changed INSIDE the step, between logging calls.  The step logs the
loss, then (once the global QUIET is set, at step 10) raises its logger's level to WARNING
with LOG.setLevel, logs a detail line at INFO (suppressed in eager), logs a warning, and
sets the level back to INFO.  From step 20 it also sets LOG.disabled = True around a
second info line and clears it again.  The handler writes to stdout with a format using
%(funcName)s and %(lineno)d.  Probes: deferred logging replayed after the call, when the
logger state that decided whether a record is emitted was changed within the call."""
import json
import logging
import sys

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1214)
rng = np.random.default_rng(1214)

LOG = logging.getLogger("rt12.level")
LOG.setLevel(logging.INFO)
LOG.propagate = False
_h = logging.StreamHandler(sys.stdout)
_h.setFormatter(logging.Formatter("%(levelname)s %(funcName)s:%(lineno)d %(message)s"))
LOG.addHandler(_h)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
QUIET = False
MUTE = False


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    LOG.info("loss %.6f", float(loss))
    if QUIET:
        LOG.setLevel(logging.WARNING)
    LOG.info("gnorm %.6f", float(tf.norm(g)))
    LOG.warning("w0 %.6f", float(W[0, 0]))
    LOG.setLevel(logging.INFO)
    if MUTE:
        LOG.disabled = True
    LOG.info("muted line")
    LOG.disabled = False
    return loss


for step in range(30):
    if step == 10:
        QUIET = True
    if step == 20:
        MUTE = True
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "level": LOG.level, "disabled": LOG.disabled}))
