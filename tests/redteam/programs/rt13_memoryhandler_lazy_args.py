"""Step logging switched to a buffering logging.handlers.MemoryHandler mid-run; records
hold a live list as a %-argument.

The step logs `LOG.info("loss %.5f window=%s", float(loss), WINDOW)` and then updates
WINDOW (a global list of the last three rounded losses) in place.  logging formats a
record's message only when a handler emits it (`record.getMessage()` does `msg % args`
then).  Up to step 9 the handler is a StreamHandler: the message is made during the
call, before the append, so each line shows the window *before* that step.  At step 10
the program switches to `MemoryHandler(capacity=4, target=stream)` to cut I/O: records
are kept and formatted only when the buffer fills (every 4th record) -- so the buffered
lines show WINDOW as it is at the flush, after later steps changed it.  Eager prints
exactly that (the same stale/fresh mix every run).  A replayed logging call that hands
logging a snapshot of the list (or the call's copy) instead of the program's own list
object would print each record's window as it was when logged.  Probes: deferred
logging replay handing argument objects to a handler that keeps them (identity of
arguments in log records), handler list changed mid-run.
"""
import json
import logging
import logging.handlers
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1317)
rng = np.random.default_rng(1317)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [2.0], [0.3]], dtype=np.float32)).astype(np.float32)

LOG = logging.getLogger("rt13.window")
LOG.setLevel(logging.INFO)
LOG.propagate = False
STREAM = logging.StreamHandler(sys.stdout)
STREAM.setFormatter(logging.Formatter("LOG %(message)s"))
LOG.addHandler(STREAM)

W = tf.Variable(tf.zeros((4, 1)))
OPT = keras.optimizers.SGD(learning_rate=0.05)
WINDOW = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    LOG.info("loss %.5f window=%s", float(loss), WINDOW)
    WINDOW.append(round(float(loss), 4))
    if len(WINDOW) > 3:
        WINDOW.pop(0)
    return loss


MEM = None
for step in range(30):
    if step == 10:
        MEM = logging.handlers.MemoryHandler(capacity=4, flushLevel=logging.ERROR,
                                             target=STREAM)
        LOG.removeHandler(STREAM)
        LOG.addHandler(MEM)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

MEM.flush()
print(json.dumps({
    "window": WINDOW,
    "W": [repr(float(v)) for v in W.numpy().ravel()],
}))
