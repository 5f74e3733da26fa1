"""Training logs go to a stdlib logging.handlers.BufferingHandler(capacity=4) (records
kept in `handler.buffer`, cleared by flush() when full) and, at WARNING and above, to a
StreamHandler on stdout.  Inside the step the program logs the loss at INFO, logs a
WARNING on large gradient norms, and then READS the handler's state in the same call:
`len(BUF.buffer)` and the message of the newest record (`BUF.buffer[-1].getMessage()`),
returning both.  Mid-run the logger level is raised to WARNING (step 12), the
handler's capacity is changed (step 20) and a second BufferingHandler is attached
(step 26).

Probes: logging whose effects the step observes before it returns.  A converter that
replays logging calls after the graph returns reads a buffer one record short (or
already flushed) inside the step and returns stale lengths/messages; one that replays
them at commit with a different record order or level check shows other lengths.
"""
import json
import logging
import logging.handlers
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1425)
rng = np.random.default_rng(1425)

LOG = logging.getLogger("rt14.train")
LOG.setLevel(logging.INFO)
LOG.propagate = False
BUF = logging.handlers.BufferingHandler(capacity=4)
OUT = logging.StreamHandler(sys.stdout)
OUT.setLevel(logging.WARNING)
OUT.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
LOG.addHandler(BUF)
LOG.addHandler(OUT)
EXTRA = logging.handlers.BufferingHandler(capacity=100)

N_STEPS = 34
XS = rng.normal(size=(N_STEPS, 8, 3)).astype(np.float32)
YS = (XS @ np.array([[0.7], [-0.2], [0.4]], np.float32)).astype(np.float32)
for s in (3, 9, 17, 27):
    YS[s] *= 6.0
W = tf.Variable(np.zeros((3, 1), np.float32), name="W")
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    LOG.info("step %d loss %.5f", step, float(loss))
    gn = float(tf.norm(g))
    if gn > 3.0:
        LOG.warning("step %d grad norm %.3f", step, gn)
    newest = BUF.buffer[-1].getMessage() if BUF.buffer else None
    return loss, len(BUF.buffer), newest


for step in range(N_STEPS):
    if step == 12:
        LOG.setLevel(logging.WARNING)
    if step == 20:
        BUF.capacity = 2
        LOG.setLevel(logging.INFO)
    if step == 26:
        LOG.addHandler(EXTRA)
    loss, n, newest = train_step(tf.constant(XS[step]), tf.constant(YS[step]), step)
    print(step, repr(float(loss)), "buffered=%d" % n, "newest=%r" % newest)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "buffer": [r.getMessage() for r in BUF.buffer],
    "extra": [r.getMessage() for r in EXTRA.buffer],
}))
