"""The step prints its loss with printf %s and %r conversions that carry a precision:
"%.5s" % v keeps the first 5 characters of str(v), "%.7r" of repr(v), "%8.3s" pads the
first 3 characters, applied to a Python float (float(loss)) and a bool (loss < 0.3) the
graph computes.  A format() spec with the same digits ('.5') would round the number
instead of cutting its text.  The format string changes at steps 10 and 20.  Probes:
the %-to-format() translation for precisions on string conversions."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(26)
numpy.random.seed(26)

import json

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(2608)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
FMT = "%.5s | %.7r | %8.3s"


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    v = float(loss)
    print(FMT % (v, v, v < 0.3))
    return loss


for step in range(30):
    if step == 10:
        FMT = "%-9.4s| %.2r | %.1s"
    if step == 20:
        FMT = "%.12s %.3a %5.2s"
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
