"""Probes: a logging call whose single argument is a dict the step then changes.

logging treats a lone mapping argument specially: `log.info("lr=%(lr).4f seen=%(seen)d",
STATS)` keeps the dict as record.args and formats "%(key)s" fields from it when the
handler emits, which for a StreamHandler is inside the info() call.  The step logs the
dict and then updates it (STATS["seen"] += 1, STATS["lr"] from the loss) in the same
call.  Eager's line shows the values before the update.  janus replays logging calls
at commit; for print it replays the call's writes on the caller's containers "in
program order before the print", and it refuses "%(key)s" in its own % formatting.
The logger is set up at step 0; at step 12 the loop swaps the format of the message
the step uses (a global) and at step 20 it sets STATS["lr"] from outside."""
import json
import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1841)
rng = np.random.default_rng(1841)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.04)

LOG = logging.getLogger("rt18.mapping")
LOG.setLevel(logging.INFO)
LOG.propagate = False
_h = logging.StreamHandler(sys.stdout)
_h.setFormatter(logging.Formatter("  LOG %(message)s"))
LOG.addHandler(_h)

STATS = {"lr": 0.04, "seen": 0}
FMT = {"msg": "lr=%(lr).4f seen=%(seen)d"}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    LOG.info(FMT["msg"], STATS)
    STATS["seen"] += 1
    STATS["lr"] = STATS["lr"] * 0.95
    return loss


for step in range(30):
    if step == 12:
        FMT["msg"] = "seen=%(seen)d lr=%(lr).6f"
    if step == 20:
        STATS["lr"] = 0.5
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), STATS["seen"], repr(STATS["lr"]))
    sys.stdout.flush()

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "stats": {k: repr(v) for k, v in STATS.items()},
}))
