"""The step draws an unseeded tf.random.uniform (no global seed, no op seed) whose value
is multiplied by zero, so the losses are deterministic.  At step 10 the program calls
tf.config.experimental.enable_op_determinism(): from then on eager's random_seed.get_seed
raises RuntimeError ("Random ops require a seed to be set when determinism is enabled")
at every call of the step, which the loop catches and reports (the update is skipped).
At step 20 it disables determinism again and training resumes.  Probes: a process-wide
TF switch (the op-determinism flag) read by library Python while the draw op is made."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(26)
numpy.random.seed(26)

import json

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(2601)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)


def train_step(x, y):
    with tf.GradientTape() as tape:
        noise = tf.random.uniform([8, 1])
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) + 0.0 * tf.reduce_sum(noise)
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    return loss


for step in range(30):
    if step == 10:
        tf.config.experimental.enable_op_determinism()
    if step == 20:
        from tensorflow.python.framework import config as _cfg
        _cfg.disable_op_determinism()
        del _cfg
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)))
    except RuntimeError as e:
        print(step, "RuntimeError", str(e)[:60])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
