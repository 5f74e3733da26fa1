"""A trainer object whose step raises its own logger's verbosity: at its 11th call it
calls `LOG.setLevel(logging.DEBUG)` (a debugging window), at its 19th
`LOG.setLevel(logging.WARNING)` (quiet), and at every call logs a DEBUG line with the
gradient norm, an INFO line with the loss, and a WARNING when the loss exceeds a
threshold (a branch on a tensor).  From outside, the loop calls
`logging.disable(logging.WARNING)` at step 24 and `logging.disable(logging.NOTSET)` at
step 28.  Probes: logging state changed by a library call made inside the step itself
(the level and the loggers' enabled-cache it clears), `isEnabledFor` answers that depend
on it within the same and later calls, and the module-level disable switch set between
converted calls."""
import random

import numpy

random.seed(535)
numpy.random.seed(535)

import json
import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(535)
rng = np.random.default_rng(535)
XS = rng.normal(size=(160, 5)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + 0.2 * XS[:, 2:3]).astype(np.float32)

LOG = logging.getLogger("trainer")
_h = logging.StreamHandler(sys.stdout)
_h.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
LOG.addHandler(_h)
LOG.setLevel(logging.INFO)
LOG.propagate = False


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.Adam(0.01)
        self.calls = 0

    def step(self, x, y):
        self.calls += 1
        if self.calls == 11:
            LOG.setLevel(logging.DEBUG)
        if self.calls == 19:
            LOG.setLevel(logging.WARNING)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x, training=True) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        gnorm = tf.linalg.global_norm(grads)
        LOG.debug("call %d grad norm %.6f", self.calls, float(gnorm))
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        LOG.info("call %d loss %r", self.calls, float(loss))
        if loss > 1.2:
            LOG.warning("call %d high loss", self.calls)
        return loss


T = Trainer()
for step in range(32):
    if step == 24:
        logging.disable(logging.WARNING)
    if step == 28:
        logging.disable(logging.NOTSET)
    i = (step * 8) % 152
    loss = T.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), LOG.level, LOG.isEnabledFor(logging.DEBUG))

print(json.dumps({"k": [repr(float(v)) for v in T.model.layers[0].kernel.numpy().ravel()[:6]],
                  "calls": T.calls, "level": LOG.level}))
