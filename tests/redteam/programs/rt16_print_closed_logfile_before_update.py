"""Log rotation with a bug: at step 12 the loop closes the metrics file but only opens the
next one at step 20.  The step prints its metrics line to the global LOGF *before* the
optimizer update; in eager, print() to the closed file raises ValueError("I/O operation
on closed file.") at that line, so steps 12-19 apply no update and do not bump STATS.
The file object is the same object throughout (only its `closed` state changes), so no
identity guard notices.  A graph that emits the print at its commit would have applied
the update before the write fails.  Probes: an output stream that becomes unusable
between calls, written before the update."""
import json
import os
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1606)
rng = np.random.default_rng(1606)

XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-2.0], [0.5], [0.0]], np.float32)).astype(np.float32)
W = tf.Variable(tf.zeros([4, 1]))
B = tf.Variable(tf.zeros([1]))
OPT = keras.optimizers.SGD(learning_rate=0.05)

TMP = tempfile.mkdtemp()     # one per process: the two modes run at once
PATH_A = os.path.join(TMP, "rt16_closed_logfile_a.txt")
PATH_B = os.path.join(TMP, "rt16_closed_logfile_b.txt")
LOGF = open(PATH_A, "w")
STATS = {"applied": 0, "lines": 0}


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    grads = tape.gradient(loss, [W, B])
    print(f"{step},{float(loss):.6f}", file=LOGF)
    STATS["lines"] += 1
    OPT.apply_gradients(zip(grads, [W, B]))
    STATS["applied"] += 1
    return loss


errors = []
for step in range(30):
    if step == 12:
        LOGF.close()
    if step == 20:
        LOGF = open(PATH_B, "w")
    i = (step * 8) % 72
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
        print(step, repr(float(loss)), STATS)
    except ValueError as e:
        errors.append(step)
        print(step, "log error:", str(e), STATS, "iterations", int(OPT.iterations.numpy()))
LOGF.close()

with open(PATH_A) as f:
    a_lines = f.read().splitlines()
with open(PATH_B) as f:
    b_lines = f.read().splitlines()
os.remove(PATH_A)
os.remove(PATH_B)
os.rmdir(TMP)
del TMP, PATH_A, PATH_B     # per-process names
print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": repr(float(B.numpy()[0])),
    "iterations": int(OPT.iterations.numpy()),
    "stats": STATS,
    "errors": errors,
    "file_a_lines": len(a_lines),
    "file_b_lines": len(b_lines),
    "b_first": b_lines[:1],
}))
