"""The step always calls `tf.summary.histogram`/`scalar` with an explicit step tensor, but no
default writer exists until step 14, when the loop creates one and calls
`set_as_default()` (logging switched on once warm-up ends). Eager's summary calls return
False and write nothing before that, True and write events after; the step records how many
summaries were written in a global counter."""
import glob
import os
import shutil

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(506)

LOGDIR = "rt5_ctx_writer_set_midrun_logs"
shutil.rmtree(LOGDIR, ignore_errors=True)

rng = np.random.default_rng(10)
XS = rng.normal(size=(64, 5)).astype("float32")
YS = rng.integers(0, 3, size=(64,)).astype("int64")
model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(7, activation="relu"),
                             tf.keras.layers.Dense(3)])
opt = tf.keras.optimizers.SGD(0.1)
sce = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
N_WRITTEN = 0


def train_step(x, y):
    global N_WRITTEN
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = sce(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    ok1 = tf.summary.scalar("loss", loss, step=opt.iterations)
    ok2 = tf.summary.histogram("logits", logits, step=opt.iterations, buckets=4)
    if bool(ok1):
        N_WRITTEN += 1
    if bool(ok2):
        N_WRITTEN += 1
    return loss


WRITER = None
for step in range(30):
    if step == 14:
        WRITER = tf.summary.create_file_writer(LOGDIR)
        WRITER.set_as_default()
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), N_WRITTEN)

WRITER.flush()
evs = []
for path in sorted(glob.glob(os.path.join(LOGDIR, "events.*"))):
    for ev in tf.compat.v1.train.summary_iterator(path):
        for v in ev.summary.value:
            evs.append((int(ev.step), v.tag))
print("N_WRITTEN", N_WRITTEN, "events", evs)

del path    # its name holds the process id
