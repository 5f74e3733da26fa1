"""The step appends a line to a log file with tf.print(..., output_stream="file://...")
and then checks the loss with tf.debugging.check_numerics *before* its update; batches
at steps 6, 13 and 14 contain NaN, so eager writes the log line and then raises (the
loop catches the error and skips the batch).  A graph that printed and then failed
would have to be re-run by the interpreter, which must not leave a duplicate line.
At the end the program prints the log file.  Probes: tf.print to a file stream plus a
failing check in the same converted call (all-or-nothing of output that is not
stdout)."""
import json
import os
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2531)
rng = np.random.default_rng(2531)

LOG = os.path.join(tempfile.mkdtemp(prefix="rt25_tfprint_file_"), "log.txt")
if os.path.exists(LOG):
    os.remove(LOG)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    tf.print("loss", loss, output_stream="file://" + LOG)
    tf.debugging.check_numerics(loss, "bad batch")
    W.assign_sub(0.05 * g)
    return loss


for step in range(22):
    i = (step * 8) % 56
    x = XS[i:i + 8].copy()
    if step in (6, 13, 14):
        x[0, 0] = np.nan
    try:
        loss = train_step(tf.constant(x), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)))
    except tf.errors.InvalidArgumentError:
        print(step, "skipped")

with open(LOG) as f:
    lines = f.read().splitlines()
os.remove(LOG)
print("log lines", len(lines))
for line in lines:
    print("log", line)
print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
os.rmdir(os.path.dirname(LOG))
del LOG
