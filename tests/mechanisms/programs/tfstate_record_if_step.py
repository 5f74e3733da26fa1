"""Summaries are recorded only while `tf.summary.record_if(...)` holds.  The loop sets
the condition outside the step with `with tf.summary.record_if(ON):` around each call,
and ON changes from True to False at step 8 and back at step 16; the summary step is a
Python int the loop sets before each call (`set_step(i)`).  Eager reads both at every
call: the printed flags and the event steps follow them."""
import glob
import os

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(23)
rng = np.random.default_rng(23)
X = tf.constant(rng.normal(size=(16, 3)).astype("float32"))
Y = tf.constant(rng.normal(size=(16, 1)).astype("float32"))
W = tf.Variable(rng.normal(size=(3, 1)).astype("float32") * 0.5)
WRITER = tf.summary.create_file_writer("record_logs")
WRITER.set_as_default()
ON = True


def train_step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(X, W) - Y))
    W.assign_sub(0.05 * tape.gradient(loss, W))
    return loss, tf.summary.scalar("loss", loss)


for i in range(24):
    if i in (8, 16):
        ON = not ON
    tf.summary.experimental.set_step(i)
    with tf.summary.record_if(ON):
        loss, wrote = train_step()
    print(i, repr(float(loss)), bool(wrote))
WRITER.flush()
EVENT_STEPS = sorted(int(event.step) for name in glob.glob(os.path.join("record_logs", "*"))
                     for event in tf.compat.v1.train.summary_iterator(name)
                     if event.summary.value)
print(EVENT_STEPS)
