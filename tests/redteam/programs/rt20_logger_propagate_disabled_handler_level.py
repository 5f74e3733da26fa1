"""Probes logging state that decides, at emit time, which handlers print a step's log
records: `logger.propagate`, `logger.disabled` (what `dictConfig` sets on existing
loggers), a handler's own level and its formatter object.

Logger "train" has its own stdout handler ("T|...") and propagates to the root logger's
stdout handler ("R|...").  The step logs an INFO line and a WARNING line with its loss
and prints a plain line between them.  Mid-run: step 8 `propagate = False`; step 14 the
train handler's level goes to WARNING; step 20 `disabled = True`; step 26 disabled
False and the handler level back to NOTSET; step 30 the root handler gets a new
Formatter; step 34 `propagate = True`.

Eager decides per record at the call.  A replay that cached the handler chain, the
levels or the formatter when the graph was built prints other lines (or in another
order).
"""
import json
import logging
import random
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2025)
random.seed(2025)
np.random.seed(2025)
rng = np.random.default_rng(2025)

ROOT_HANDLER = logging.StreamHandler(sys.stdout)
ROOT_HANDLER.setFormatter(logging.Formatter("R|%(levelname)s|%(message)s"))
logging.getLogger().addHandler(ROOT_HANDLER)
logging.getLogger().setLevel(logging.INFO)
LOG = logging.getLogger("train")
TRAIN_HANDLER = logging.StreamHandler(sys.stdout)
TRAIN_HANDLER.setFormatter(logging.Formatter("T|%(name)s|%(message)s"))
LOG.addHandler(TRAIN_HANDLER)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.02)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    lossf = float(loss)
    LOG.info("step %d loss %.5f", step, lossf)
    print("plain", step)
    LOG.warning("step %d check %.3f", step, lossf * 2)
    return loss


for step in range(40):
    if step == 8:
        LOG.propagate = False
    if step == 14:
        TRAIN_HANDLER.setLevel(logging.WARNING)
    if step == 20:
        LOG.disabled = True
    if step == 26:
        LOG.disabled = False
        TRAIN_HANDLER.setLevel(logging.NOTSET)
    if step == 30:
        ROOT_HANDLER.setFormatter(logging.Formatter("ROOT2 %(message)s"))
    if step == 34:
        LOG.propagate = True
    i = (step * 8) % 56
    train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)

sys.stdout.flush()
print(json.dumps({
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
    "propagate": LOG.propagate,
    "disabled": LOG.disabled,
}))
