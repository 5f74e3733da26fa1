"""At step 10 the program registers an op callback (tensorflow.python.framework.
op_callbacks.add_op_callback, the hook tfdbg2 uses) that counts the ops TF executes by
type; at step 20 it removes it.  In eager the callback runs once per op of every step
(MatMul, Tanh, ...), so the per-step counts it prints are the step's op counts.  Probes:
a thread-local TF context hook (the context's op callbacks) installed between calls."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(26)
numpy.random.seed(26)

import json
from collections import Counter

import numpy as np
import tensorflow as tf
from tensorflow.python.framework import op_callbacks

rng = np.random.default_rng(2623)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
SEEN = Counter()


def count_ops(op_type, inputs, attrs, outputs, op_name=None, graph=None):
    SEEN[op_type.decode() if isinstance(op_type, bytes) else op_type] += 1
    return None


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    return loss


for step in range(30):
    if step == 10:
        op_callbacks.add_op_callback(count_ops)
    if step == 20:
        op_callbacks.remove_op_callback(count_ops)
    i = (step * 8) % 56
    x, y = tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])
    SEEN.clear()
    loss = train_step(x, y)
    print(step, repr(float(loss)), sorted(SEEN.items())[:6], sum(SEEN.values()))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
