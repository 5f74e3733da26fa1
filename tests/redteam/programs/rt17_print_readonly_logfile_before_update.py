"""The step prints its loss to a log file before the optimizer update; at step 12 a
"reopen the log" bug reopens the file in read mode ("r"), fixed at step 18.

print() to a text file opened for reading raises io.UnsupportedOperation("not
writable") at the print, inside the step, before apply_gradients: in eager the six
failing steps apply no update, and the loop catches the error and goes on.  The
stream is open and its encoding takes the text, so a check that only asks "is it
open, can it encode" passes it; a graph that applied the update and replayed the
print afterwards would raise only after the weights changed, and the weights,
iteration count and log contents in the JSON would differ from eager's.
Probes: other ways an output stream can fail than closed / unencodable."""
import io
import json
import os
import shutil
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(9909)
rng = np.random.default_rng(9909)

XS = rng.normal(size=(90, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)

TMPDIR = tempfile.mkdtemp(prefix="rt17_ro_")
LOG_PATH = os.path.join(TMPDIR, "train.log")
LOG = open(LOG_PATH, "w")


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    print(f"step {step} loss {float(loss):.6f}", file=LOG)
    OPT.apply_gradients(zip(grads, [W]))
    return loss


failures = []
for step in range(30):
    if step == 12:
        LOG.close()
        LOG = open(LOG_PATH, "r")
    if step == 18:
        LOG.close()
        LOG = open(LOG_PATH, "a")
    i = (step * 10) % 80
    try:
        loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]), step)
    except io.UnsupportedOperation as exc:
        failures.append(step)
        print(step, "log failed:", type(exc).__name__, str(exc), repr(float(W[0, 0])))
        continue
    print(step, repr(float(loss)), repr(float(W[0, 0])))

LOG.close()
with open(LOG_PATH) as fh:
    lines = fh.read().splitlines()
shutil.rmtree(TMPDIR)
del TMPDIR, LOG_PATH, LOG, fh

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "failures": failures,
    "log_lines": len(lines),
    "log_tail": lines[-2:],
    "iterations": int(OPT.iterations.numpy()),
}))
