"""Per-example feature transform with tf.map_fn(fn, x, parallel_iterations=PAR).  When
executing eagerly and PAR > 1, TF's map_fn logs once (log_first_n) "Setting
parallel_iterations > 1 has no effect when executing eagerly" through tf.get_logger();
a graph never logs it.  PAR is None for the first 12 steps and 4 afterwards, so the
first eager call with PAR > 1 happens mid-run.  A StreamHandler on tf's logger writes
the records to stdout, in order with the step lines.  Probes: library output that
exists only on the eager path."""
import random

import numpy

random.seed(3412)
numpy.random.seed(3412)

import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3412)
TF_LOG = tf.get_logger()
HANDLER = logging.StreamHandler(sys.stdout)
HANDLER.setFormatter(logging.Formatter("tflog %(levelname)s %(message)s"))
TF_LOG.addHandler(HANDLER)
TF_LOG.propagate = False

rng = np.random.default_rng(3412)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (np.abs(XS).sum(axis=1, keepdims=True) > 3.0).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
B = tf.Variable(np.zeros((1,), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.1)
PAR = None


def feature(row):
    return tf.abs(row) - 0.5 * tf.square(row) * 0.1


def train_step(x, y):
    f = tf.map_fn(feature, x, parallel_iterations=PAR)
    with tf.GradientTape() as tape:
        logits = f @ W + B
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss


for step in range(36):
    if step == 12:
        PAR = 4
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex())

print("w", [float(v).hex() for v in W.numpy().ravel()], float(B.numpy()[0]).hex())
TF_LOG.removeHandler(HANDLER)
del HANDLER
