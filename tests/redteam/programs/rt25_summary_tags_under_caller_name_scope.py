"""TensorBoard logging by phase: the step writes `tf.summary.scalar("loss", loss,
step=...)` under a default file writer, and the training loop wraps later phases in
`with tf.name_scope("finetune"):` (steps 10-16) and `with tf.name_scope("polish"):`
(steps 17-23), so eager's summary tags become "finetune/loss" and "polish/loss".
tf.summary builds the tag from the eager context's current name scope at each call.
At the end the program reads its event file back and prints (tag, step, value) for
every scalar.  Probes: library code (summary tag naming) reading TF's thread-local
name scope while a graph is built."""
import glob
import tempfile
import json
import os
import shutil

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2519)
rng = np.random.default_rng(2519)

LOGDIR = tempfile.mkdtemp(prefix="rt25_summary_tags_logdir_")
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
    tf.summary.scalar("loss", loss, step=CNT.k)
    return loss


for step in range(24):
    i = (step * 8) % 56
    x, y = tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])
    if step < 10:
        loss = train_step(x, y)
    elif step < 17:
        with tf.name_scope("finetune"):
            loss = train_step(x, y)
    else:
        with tf.name_scope("polish"):
            loss = train_step(x, y)
    print(step, repr(float(loss)))

WRITER.flush()
WRITER.close()
events = []
for path in sorted(glob.glob(os.path.join(LOGDIR, "events.*"))):
    for ev in tf.compat.v1.train.summary_iterator(path):
        for v in ev.summary.value:
            val = float(tf.make_ndarray(v.tensor)) if v.HasField("tensor") else v.simple_value
            events.append((v.tag, int(ev.step), repr(val)))
for e in events:
    print("event", *e)
shutil.rmtree(LOGDIR, ignore_errors=True)
print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "n_events": len(events)}))
del LOGDIR, path
