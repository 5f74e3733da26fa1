"""Probes: print to a tempfile.SpooledTemporaryFile, then read its position in the step.

Since Python 3.11 SpooledTemporaryFile is an io.IOBase subclass, but its write() is
standard-library Python: it writes to an in-memory StringIO and, once the text passes
max_size, rolls over to a real temporary file (_check -> rollover).  The step prints
its log line to such a file and then reads SPOOL.tell() (bytes logged so far) to decide
whether to use a smaller learning rate once the log is "big" (over 300 characters),
and records whether the spool rolled over (`SPOOL._rolled`).  janus replays prints
after the graph; the position read right after the print must see the text that
print wrote.  At step 12 the loop swaps in a fresh spool with a smaller max_size."""
import json
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1845)
rng = np.random.default_rng(1845)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)

SPOOL = tempfile.SpooledTemporaryFile(max_size=400, mode="w+", dir=tempfile.mkdtemp())


class Info:
    rolled = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    print("step loss", f"{float(loss):.6f}", file=SPOOL)
    pos = SPOOL.tell()
    lr = 0.05 if pos < 300 else 0.01
    W.assign_sub(lr * g)
    return loss, pos


for step in range(30):
    if step == 12:
        SPOOL.close()
        SPOOL = tempfile.SpooledTemporaryFile(max_size=150, mode="w+", dir=tempfile.mkdtemp())
    i = (step * 8) % 56
    loss, pos = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), "pos", pos, "rolled", SPOOL._rolled)

SPOOL.seek(0)
n_lines = len(SPOOL.read().splitlines())
print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "lines": n_lines,
    "rolled": SPOOL._rolled,
}))
