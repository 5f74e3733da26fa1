"""A softmax classifier's step uses tf.nn.softmax_cross_entropy_with_logits.  TF's
Python wrapper asks config.is_op_determinism_enabled() each time it makes the op: off,
it runs the fused SoftmaxCrossEntropyWithLogits kernel; on, it computes
-sum(labels * log_softmax(logits)) from separate ops, whose floats (and gradient) differ
in the last bits.  At step 10 the program calls
tf.config.experimental.enable_op_determinism() (seeds were set, as reproducibility
guides ask), at step 20 disables it again.  Probes: a process-wide TF switch that
selects which ops library Python builds."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(26)
numpy.random.seed(26)

import json

import numpy as np
import tensorflow as tf
from tensorflow.python.framework import config as tf_config

tf.random.set_seed(2617)
rng = np.random.default_rng(2617)
XS = rng.normal(size=(64, 6)).astype(np.float32)
LAB = np.eye(4, dtype=np.float32)[rng.integers(0, 4, size=64)]
W1 = tf.Variable(rng.normal(size=(6, 16)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(16, 4)).astype(np.float32) * 0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = tf.tanh(x @ W1) @ W2
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(y, logits))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.1 * g1)
    W2.assign_sub(0.1 * g2)
    return loss


for step in range(30):
    if step == 10:
        tf.config.experimental.enable_op_determinism()
    if step == 20:
        tf_config.disable_op_determinism()
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(LAB[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()[:8]],
}))
