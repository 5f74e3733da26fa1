"""The step logs two scalars under the same summary name in one call (the loss of each of
two heads, both as tf.summary.scalar("head_loss", ...)) inside `tf.name_scope("train")`,
to a file writer set as default.  Eagerly, name scopes are not made unique, so both
events carry the tag "train/head_loss"; a graph's name scopes are uniquified
("train/head_loss_1").  After training the program reads its event file back and prints
the tags and step numbers it finds.  Probes: names TF derives from graph name scopes,
in summaries janus replays."""
import random
import numpy
random.seed(35)
numpy.random.seed(35)
import collections
import glob
import os
import shutil
import keras
import numpy as np
import tensorflow as tf
from tensorflow.core.util import event_pb2

LOGDIR = "rt33_summary_logs"
shutil.rmtree(LOGDIR, ignore_errors=True)
keras.utils.set_random_seed(3335)
rng = np.random.default_rng(3335)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.4 + XS[:, 1:2]).astype(np.float32)
H1 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
H2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)
writer = tf.summary.create_file_writer(LOGDIR)
writer.set_as_default()
STEP = tf.Variable(0, dtype=tf.int64)
tf.summary.experimental.set_step(STEP)


def train_step(x, y):
    with tf.GradientTape() as tape:
        l1 = tf.reduce_mean(tf.square(x @ H1 - y))
        l2 = tf.reduce_mean(tf.square(x @ H2 - y))
        loss = l1 + l2
    g = tape.gradient(loss, [H1, H2])
    OPT.apply_gradients(zip(g, [H1, H2]))
    with tf.name_scope("train"):
        tf.summary.scalar("head_loss", l1)
        tf.summary.scalar("head_loss", l2)
    STEP.assign_add(1)
    return loss


for step in range(30):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex())

writer.flush()
writer.close()
tags = collections.Counter()
steps = []
for f in sorted(glob.glob(os.path.join(LOGDIR, "events*"))):
    for rec in tf.data.TFRecordDataset(f):
        ev = event_pb2.Event.FromString(rec.numpy())
        for v in ev.summary.value:
            tags[v.tag] += 1
            steps.append(ev.step)
print("tags", sorted(tags.items()))
print("steps", steps[:6], steps[-4:], len(steps))
shutil.rmtree(LOGDIR, ignore_errors=True)
del rec, ev, v, f   # (the events' wall times, the file name's time and pid)
