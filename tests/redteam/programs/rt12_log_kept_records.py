"""A handler of the program's own KEEPS every LogRecord (as a MemoryHandler would) and
formats them only at the end.  The step logs "%s" of the program's dict STATS and list HIST
(the record holds references, not text), then mutates both in the same call; it also
passes HIST through extra=.  At step 10 the program rebinds STATS to a new dict (records
made before keep the old one); at step 20 it clears HIST in place.  At the end the program
prints every kept record's getMessage() and whether its args are the live objects.
Probes: identity of the objects janus hands to logging when it replays a record (the
caller's own objects vs. copies/snapshots), and late formatting."""
import json
import logging

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1217)
rng = np.random.default_rng(1217)

KEPT = []


class Keep(logging.Handler):
    def emit(self, record):
        KEPT.append(record)


LOG = logging.getLogger("rt12.kept")
LOG.setLevel(logging.INFO)
LOG.propagate = False
LOG.addHandler(Keep())

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
STATS = {"n": 0, "last": 0.0}
HIST = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    LOG.info("stats=%s hist=%s", STATS, HIST, extra={"hist_ref": HIST})
    STATS["n"] += 1
    STATS["last"] = round(float(loss), 5)
    HIST.append(STATS["n"])
    return loss


for step in range(30):
    if step == 10:
        STATS = {"n": 100, "last": -1.0}
    if step == 20:
        HIST.clear()
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(KEPT))

for k, r in enumerate(KEPT):
    print(k, r.getMessage(), r.args[0] is STATS, r.args[1] is HIST, r.hist_ref is HIST,
          r.funcName, r.lineno)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "stats": STATS,
                  "hist": HIST}))
