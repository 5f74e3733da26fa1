"""The step logs with tf.print to stdout a Python float it computes from the optimizer's
iteration counter (t = 0.1 * (int(OPT.iterations) % 4), so 0.30000000000000004 shows
up), a Python int, a Python bool and a tuple of them.  tf.print formats non-tensor
arguments with Python's str() (and tensors with TF's own formatter, which would print
0.3).  Probes: how tf.print shows Python numbers that janus carries in the graph."""
import random

import numpy

random.seed(3434)
numpy.random.seed(3434)

import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3434)
rng = np.random.default_rng(3434)
XS = rng.normal(size=(80, 3)).astype(np.float32)
YS = (XS @ np.array([[0.3], [0.2], [-0.6]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y):
    k = int(OPT.iterations)
    t = 0.1 * (k % 4)
    odd = k % 2 == 1
    tf.print("step", k, "t", t, "odd", odd, "pair", (t, k * 3), output_stream=sys.stdout)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + t)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(30):
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex())

print("w", [float(v).hex() for v in W.numpy().ravel()])
