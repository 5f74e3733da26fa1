"""TensorBoard-style logging: the step advances its own Python step counter and calls
`tf.summary.experimental.set_step(CNT.k)` before `tf.summary.scalar("loss", loss)` (no
explicit step).  set_step stores the value in TF's thread-local summary state, which
outlives the call; the loop reads it back with tf.summary.experimental.get_step() to
label its own print, and at the end the program reads the event file back.  At step 10
the loop jumps the counter to 100 (resume from a checkpoint).  Probes: a Python number
the graph carries handed to library code that *stores* it in library state (not just
uses it for an op)."""
import glob
import tempfile
import json
import os
import shutil

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2525)
rng = np.random.default_rng(2525)

LOGDIR = tempfile.mkdtemp(prefix="rt25_set_step_logdir_")
shutil.rmtree(LOGDIR, ignore_errors=True)
WRITER = tf.summary.create_file_writer(LOGDIR)
WRITER.set_as_default()

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)


class Counter:
    def __init__(self):
        self.k = 0


CNT = Counter()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    CNT.k += 1
    tf.summary.experimental.set_step(CNT.k)
    tf.summary.scalar("loss", loss)
    return loss


for step in range(22):
    if step == 10:
        CNT.k = 100
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    gs = tf.summary.experimental.get_step()
    print(step, repr(float(loss)), type(gs).__name__, gs if isinstance(gs, int) else "?")

WRITER.flush()
WRITER.close()
steps = []
for path in sorted(glob.glob(os.path.join(LOGDIR, "events.*"))):
    for ev in tf.compat.v1.train.summary_iterator(path):
        for v in ev.summary.value:
            steps.append(int(ev.step))
print("event steps", steps)
shutil.rmtree(LOGDIR, ignore_errors=True)
print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "k": CNT.k}))
del LOGDIR, path
