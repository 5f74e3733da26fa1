"""TensorBoard logging with the step kept as a Python int: before each train step the loop
calls `tf.summary.experimental.set_step(GLOBAL_STEP)`, and the step writes
`tf.summary.scalar("loss", loss)` without a step argument. From step 10 on the loop also
jumps GLOBAL_STEP by 100 per step (a resumed run's offset); eager reads the current default
step at every call, so each event carries the step set just before it."""
import glob
import os
import shutil

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(504)

LOGDIR = "rt5_ctx_summary_python_step_logs"
shutil.rmtree(LOGDIR, ignore_errors=True)
WRITER = tf.summary.create_file_writer(LOGDIR)
WRITER.set_as_default()

rng = np.random.default_rng(8)
XS = rng.normal(size=(64, 3)).astype("float32")
YS = (XS.sum(axis=1, keepdims=True) ** 2 * 0.1).astype("float32")
W = tf.Variable(rng.normal(size=(3, 1)).astype("float32"))
B = tf.Variable(tf.zeros([1]))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(0.05 * gw)
    B.assign_sub(0.05 * gb)
    tf.summary.scalar("loss", loss)
    tf.summary.scalar("w0", W[0, 0])
    return loss


GLOBAL_STEP = 0
for step in range(30):
    GLOBAL_STEP += 100 if step >= 10 else 1
    tf.summary.experimental.set_step(GLOBAL_STEP)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), GLOBAL_STEP)

WRITER.flush()
events = []
for path in sorted(glob.glob(os.path.join(LOGDIR, "events.*"))):
    for ev in tf.compat.v1.train.summary_iterator(path):
        for v in ev.summary.value:
            events.append((int(ev.step), v.tag, round(float(tf.make_ndarray(v.tensor)), 6)))
print("events", len(events))
print("steps", [e[0] for e in events if e[1] == "loss"])
print("w0", [e[2] for e in events if e[1] == "w0"])

del path    # its name holds the process id
