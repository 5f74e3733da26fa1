"""A step writes `tf.summary.scalar` of its loss; there is no default summary writer
until step 10, when the loop sets one (`writer.set_as_default()`), and from step 18 the
loop sets `tf.summary.experimental.set_step` to another counter variable.  Eager's
scalar returns False without a writer and True with one, and logs at the counter that is
current; the printed flag and the event steps show both."""
import glob
import os

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(21)
rng = np.random.default_rng(21)
X = tf.constant(rng.normal(size=(16, 3)).astype("float32"))
Y = tf.constant(rng.normal(size=(16, 1)).astype("float32"))
W = tf.Variable(rng.normal(size=(3, 1)).astype("float32") * 0.5)
STEP_A = tf.Variable(0, dtype=tf.int64)
STEP_B = tf.Variable(100, dtype=tf.int64)
tf.summary.experimental.set_step(STEP_A)
WRITER = tf.summary.create_file_writer("writer_logs")


def train_step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(X, W) - Y))
    W.assign_sub(0.05 * tape.gradient(loss, W))
    wrote = tf.summary.scalar("loss", loss)
    STEP_A.assign_add(1)
    STEP_B.assign_add(1)
    return loss, wrote


for i in range(26):
    if i == 10:
        WRITER.set_as_default()
    if i == 18:
        tf.summary.experimental.set_step(STEP_B)
    loss, wrote = train_step()
    print(i, repr(float(loss)), bool(wrote))
WRITER.flush()
EVENT_STEPS = sorted(int(event.step) for name in glob.glob(os.path.join("writer_logs", "*"))
                     for event in tf.compat.v1.train.summary_iterator(name)
                     if event.summary.value)
print(EVENT_STEPS)
