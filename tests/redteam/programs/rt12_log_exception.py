"""logging.exception / exc_info=True inside an except block of the step.  The step reads an
optional per-run setting from the dict SETTINGS; at step 10 the program removes the key,
so from then on the lookup raises KeyError, the handler logs it with LOG.exception(...)
(the record captures sys.exc_info() at that moment: type, message, traceback frames and
line numbers), uses a default, and goes on to train.  At step 20 the key comes back under
another value, and a nested helper raising ValueError (logged with exc_info=True) starts
being called.  The handler's formatter prints the exception type, str() and each traceback
frame's function and line.  Probes: logging records whose content depends on the active
exception when the call is made (replayed later, outside the except block)."""
import json
import logging
import sys
import traceback

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1216)
rng = np.random.default_rng(1216)


class Short(logging.Formatter):
    def formatException(self, ei):
        frames = traceback.extract_tb(ei[2])
        where = ",".join(f"{f.name}:{f.lineno}" for f in frames)
        return f"  exc {ei[0].__name__}: {ei[1]!s} at {where}"


LOG = logging.getLogger("rt12.exc")
LOG.setLevel(logging.INFO)
LOG.propagate = False
_h = logging.StreamHandler(sys.stdout)
_h.setFormatter(Short("%(levelname)s %(message)s"))
LOG.addHandler(_h)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
SETTINGS = {"lr": 0.05}
CHECK = False


def validate(v):
    if v > 0.02:
        raise ValueError("lr too large")
    return v


def train_step(x, y):
    try:
        lr = SETTINGS["lr"]
    except KeyError:
        LOG.exception("no lr configured")
        lr = 0.01
    if CHECK:
        try:
            lr = validate(lr)
        except ValueError:
            LOG.error("validation failed", exc_info=True)
            lr = 0.02
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(lr * g)
    return loss


for step in range(30):
    if step == 10:
        del SETTINGS["lr"]
    if step == 20:
        SETTINGS["lr"] = 0.04
        CHECK = True
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "settings": SETTINGS}))
