"""A logging.Filter of the program's own, attached to the logger at step 10, stamps each
record with the optimizer's iteration count and the first weight, read from the TF
variables at the moment the record is emitted. The step logs one line BEFORE
apply_gradients and one AFTER; in eager the first record sees the old iteration/weight and
the second the new ones. At step 20 a handler-level filter that drops records whose
stamped iteration count is odd is added (so exactly one of each step's two lines is kept).
Probes: logging replayed after the graph ran, when program code that logging calls back
(filters) reads TF variables the call updated."""
import json
import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1215)
rng = np.random.default_rng(1215)

XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[-0.4], [1.0], [0.6]], np.float32)).astype(np.float32)
W = tf.Variable(np.full((3, 1), 0.05, np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.1)

LOG = logging.getLogger("rt12.filter")
LOG.setLevel(logging.INFO)
LOG.propagate = False
HANDLER = logging.StreamHandler(sys.stdout)
HANDLER.setFormatter(logging.Formatter("%(message)s it=%(it)s w=%(w)s"))
LOG.addHandler(HANDLER)


class Stamp(logging.Filter):
    def filter(self, record):
        record.it = int(OPT.iterations.numpy())
        record.w = repr(float(W.numpy()[0, 0]))
        return True


class NoDefaults(logging.Filter):
    def filter(self, record):
        if not hasattr(record, "it"):
            record.it = -1
            record.w = "?"
        return True


class DropOdd(logging.Filter):
    def filter(self, record):
        return record.it % 2 == 0


HANDLER.addFilter(NoDefaults())


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    LOG.info("before loss=%.6f", float(loss))
    OPT.apply_gradients(zip(g, [W]))
    LOG.info("after")
    return loss


for step in range(30):
    if step == 10:
        LOG.addFilter(Stamp())
    if step == 20:
        HANDLER.addFilter(DropOdd())
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "iterations": int(OPT.iterations.numpy())}))
