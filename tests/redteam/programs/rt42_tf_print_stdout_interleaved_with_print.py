"""A step mixes the three ways training code reports: `print(...)` before the update,
`tf.print(..., output_stream=sys.stdout)` of the loss and a weight norm, and
`sys.stdout.write(...)` of a fixed marker, with the loop's own print after each call.
tf.print writes through TF's C++ stdout while print and write go through Python's
buffered sys.stdout, so where tf.print's text lands in a redirected file depends on
when each buffer flushes; from step 12 the loop also flushes sys.stdout after each
call.  janus replays output after the graph in program order and runs tf.print
eagerly at its place: the bytes that reach the file must be eager's."""
import random

import numpy

random.seed(81)
numpy.random.seed(81)

import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4281)
rng = np.random.default_rng(4281)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 3:4]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)


def train_step(x, y, k):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    print("before-update", k)
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    tf.print("tfprint", k, loss, tf.norm(W2), output_stream=sys.stdout)
    sys.stdout.write("marker\n")
    return loss


for step in range(30):
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)))
    if step >= 12:
        sys.stdout.flush()

print(json.dumps({"W2": [repr(float(v)) for v in W2.numpy().ravel()]}))
