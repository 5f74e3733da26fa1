"""Summaries are written only every LOG_EVERY steps: the step enters
`tf.summary.record_if(lambda: STEP % LOG_EVERY == 0)` (globals read by the callable) and
prints whether `tf.summary.scalar` wrote. At step 16 the loop changes LOG_EVERY from 4 to 3;
eager evaluates the callable at every scalar call, so the written steps follow the new
period at once."""
import glob
import os
import shutil

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(505)

LOGDIR = "rt5_ctx_record_if_global_logs"
shutil.rmtree(LOGDIR, ignore_errors=True)
WRITER = tf.summary.create_file_writer(LOGDIR)

rng = np.random.default_rng(9)
XS = rng.normal(size=(60, 4)).astype("float32")
YS = (XS[:, :1] - XS[:, 3:] > 0).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(5, activation="relu"),
                             tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.Adam(0.01)
bce = tf.keras.losses.BinaryCrossentropy(from_logits=True)

STEP = 0
LOG_EVERY = 4
WRITTEN = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = bce(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    with WRITER.as_default(step=STEP), tf.summary.record_if(lambda: STEP % LOG_EVERY == 0):
        wrote = tf.summary.scalar("train/loss", loss)
    if bool(wrote):
        WRITTEN.append(STEP)
    return loss, bool(wrote)


for step in range(32):
    STEP = step
    if step == 16:
        LOG_EVERY = 3
    i = (step * 6) % 54
    loss, wrote = train_step(tf.constant(XS[i:i + 6]), tf.constant(YS[i:i + 6]))
    print(step, repr(float(loss)), wrote)

WRITER.flush()
steps = []
for path in sorted(glob.glob(os.path.join(LOGDIR, "events.*"))):
    for ev in tf.compat.v1.train.summary_iterator(path):
        for v in ev.summary.value:
            steps.append((int(ev.step), round(float(tf.make_ndarray(v.tensor)), 6)))
print("WRITTEN", WRITTEN)
print("events", steps)

del path    # its name holds the process id
