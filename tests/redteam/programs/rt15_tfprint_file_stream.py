"""Probe: tf.print to a file (output_stream="file://...") interleaved, in the same
file, with the step's own Python writes to that file.

Each step appends a header line with Python (`open(LOG, "a")` + write, closed at once),
then `tf.print("loss", loss, output_stream="file://" + LOG)` (TF's kernel appends to the
file itself), then appends a Python footer line that includes `float(loss)`. Every 7th
step it also tf.prints the weight vector with `summarize=-1` and a custom `sep`/`end`.
At the end the program reads the file back and prints it with line numbers. Eager's
file is in program order: header, tf.print line, footer. A runtime that defers Python
writes to a commit after the graph but lets the tf.print op write while the graph runs
(or the other way round), or runs it once at build, produces another file. Mechanism:
ordering of a tf.print file sink against Python file I/O in the same step."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1535)
rng = np.random.default_rng(1535)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-0.25], [1.0]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.1)
TMPDIR = tempfile.mkdtemp(prefix="rt15_tfprint_")
LOG = os.path.join(TMPDIR, "train.log")


def train_step(x, y, n):
    with open(LOG, "a") as f:
        f.write(f"header {n}\n")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    tf.print("tfprint loss", loss, output_stream="file://" + LOG)
    if n % 7 == 0:
        tf.print("weights", tf.reshape(W, [-1]), summarize=-1, sep="|", end=";\n",
                 output_stream="file://" + LOG)
    with open(LOG, "a") as f:
        f.write(f"footer {n} {float(loss):.6f}\n")
    return loss


for step in range(24):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(round(float(loss), 6)))

with open(LOG) as f:
    lines = f.read().splitlines()
for k, line in enumerate(lines):
    print(f"{k:03d}: {line}")
os.remove(LOG)
os.rmdir(TMPDIR)
print(json.dumps({"n_lines": len(lines), "W": [round(float(v), 6) for v in W.numpy().ravel()]}))

# (harness) A temporary name or an address differs from run to run, in eager too.
del TMPDIR, LOG
