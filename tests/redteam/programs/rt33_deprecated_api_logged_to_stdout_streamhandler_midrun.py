"""From step 12 on (a Python flag the loop sets) the step switches to a legacy TF1 helper,
math_ops.to_float (tf.compat.v1.to_float), to cast integer labels.  TF's deprecation decorator logs a
warning through the 'tensorflow' logger the first time the function is called in the
process, naming the *calling file and line* it finds on the Python stack.  A library
StreamHandler(sys.stdout) on the tensorflow logger prints each record.  Under eager the record appears
once, at step 12, naming the program's own line.  Probes: a once-per-process library
log whose text comes from the live call stack, first emitted inside an already
converted step."""
import random
import numpy
random.seed(12)
numpy.random.seed(12)
import logging
import os
import sys
import keras
import numpy as np
import tensorflow as tf
from tensorflow.python.ops import math_ops


_h = logging.StreamHandler(sys.stdout)
_h.setFormatter(logging.Formatter("TFLOG %(levelname)s %(message).60s"))
tf.get_logger().addHandler(_h)
tf.get_logger().propagate = False
keras.utils.set_random_seed(3311)
rng = np.random.default_rng(3311)
XS = rng.normal(size=(64, 4)).astype(np.float32)
LAB = (XS[:, :1] > 0).astype(np.int32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.1)
LEGACY = False


def train_step(x, lab):
    if LEGACY:
        y = math_ops.to_float(lab)
    else:
        y = tf.cast(lab, tf.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=x @ W))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    return loss


for step in range(30):
    if step == 12:
        LEGACY = True
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(LAB[i:i + 8]))
    print(step, float(loss).hex())

print("W", [float(v).hex() for v in W.numpy().ravel()])
