"""Expensive debug statistics gated by logger.isEnabledFor(DEBUG); logging.disable()
changes the answer mid-run without touching the logger.

The step computes the gradient norm and appends it to a debug history only
`if LOG.isEnabledFor(logging.DEBUG)` (the standard idiom to skip costly debug work), and
logs it with LOG.debug.  The logger's own level stays DEBUG the whole run, its handlers
and filters never change.  At step 10 the program calls `logging.disable(logging.INFO)`
(the process-wide kill switch held by the logging manager, e.g. set by a quiet mode);
`isEnabledFor` reads `manager.disable` and its per-logger cache (cleared by disable())
and now answers False: no norms are recorded and nothing is logged.  At step 20
`logging.disable(logging.NOTSET)` turns logging back on.  Eager asks at every call.  A
graph that ran the stdlib isEnabledFor natively while building and folded the True
would keep recording norms during steps 10-19 (and the replayed debug records would be
dropped by logging itself, hiding half of the difference).  Probes: stdlib logging
state reached only through library calls (manager.disable, Logger._cache).
"""
import json
import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1316)
rng = np.random.default_rng(1316)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) ** 2 * 0.3).astype(np.float32)

LOG = logging.getLogger("rt13.trainer")
LOG.setLevel(logging.DEBUG)
_h = logging.StreamHandler(sys.stdout)
_h.setFormatter(logging.Formatter("%(levelname)s %(name)s %(message)s"))
LOG.addHandler(_h)
LOG.propagate = False

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(10, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.Adam(learning_rate=0.01)
NORMS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    if LOG.isEnabledFor(logging.DEBUG):
        gnorm = float(tf.linalg.global_norm(grads))
        NORMS.append(gnorm)
        LOG.debug("grad norm %.6f", gnorm)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        logging.disable(logging.INFO)
    if step == 20:
        logging.disable(logging.NOTSET)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(NORMS))

print(json.dumps({
    "norms": [repr(v) for v in NORMS],
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()],
}))
