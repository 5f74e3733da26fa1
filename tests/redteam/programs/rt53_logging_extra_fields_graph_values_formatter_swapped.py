"""Structured training logs: the step logs `LOG.info("loss %.6f", float(loss),
extra={"step": self.calls, "gnorm": float(gnorm), "phase": PHASE})` through a handler
whose formatter prints the extra fields with specs (`%(step)04d`, `%(gnorm).5e`,
`%(phase)s`).  The loop changes the global PHASE at step 10, swaps the handler's
formatter (now also `%(funcName)s:%(lineno)d`) at step 15, adds a second stdout handler
at step 22 with its own formatter, and raises that handler's level at step 27.
Probes: logging's `extra` dict holding Python numbers the graph computes (copied into
the record's attributes at the call), formatter specs applied to them at emission,
the caller's function and line in a replayed record, and handlers/formatters changed
between converted calls."""
import random

import numpy

random.seed(548)
numpy.random.seed(548)

import json
import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(548)
rng = np.random.default_rng(548)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)

LOG = logging.getLogger("rt53.train")
LOG.setLevel(logging.INFO)
LOG.propagate = False
H1 = logging.StreamHandler(sys.stdout)
H1.setFormatter(logging.Formatter("[%(phase)s %(step)04d] %(message)s gnorm=%(gnorm).5e"))
LOG.addHandler(H1)
PHASE = "warmup"


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.Adam(0.01)
        self.calls = 0

    def train_step(self, x, y):
        self.calls += 1
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        gnorm = tf.linalg.global_norm(grads)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        LOG.info("loss %.6f", float(loss), extra={"step": self.calls, "gnorm": float(gnorm), "phase": PHASE})
        return loss


T = Trainer()
H2 = None
for step in range(30):
    if step == 10:
        PHASE = "main"
    if step == 15:
        H1.setFormatter(logging.Formatter("%(funcName)s:%(lineno)d %(phase)s|%(step)d|%(gnorm)r %(message)s"))
    if step == 22:
        H2 = logging.StreamHandler(sys.stdout)
        H2.setFormatter(logging.Formatter("  H2 %(levelname)s %(gnorm).3f"))
        LOG.addHandler(H2)
    if step == 27:
        H2.setLevel(logging.WARNING)
    i = (step * 8) % 152
    loss = T.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"k": [repr(float(v)) for v in T.model.layers[0].kernel.numpy().ravel()[:6]], "calls": T.calls}))
