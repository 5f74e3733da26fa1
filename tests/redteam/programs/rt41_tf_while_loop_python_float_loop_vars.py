"""A step that computes a warm-up multiplier with tf.while_loop whose loop variables
start as Python numbers: `(0, 0.0)` with body `lambda i, s: (i + 1, s + 0.1)` and a
condition against a tensor bound n that varies per step (data decides the trip
count).  Eagerly tf.while_loop is a Python loop: `s` stays a Python float (double
arithmetic) through the iterations and is converted to a float32 tensor only at the
end, so seven additions of 0.1 give 0.699999988; a graph While op carries a float32
and rounds at every addition (0.70000005).  The multiplier scales the loss.  Probes:
tf.while_loop over Python-number loop variables with a data-dependent trip count."""
import random

import numpy

random.seed(32)
numpy.random.seed(32)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4125)
rng = np.random.default_rng(4125)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, 3:4] * 0.6 + 0.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, n):
    k, mult = tf.while_loop(lambda i, s: i < n, lambda i, s: (i + 1, s + 0.1), (0, 0.0))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + mult)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, k, mult


for step in range(32):
    i = (step * 8) % 56
    n = tf.constant(3 + (step * 5) % 9)
    loss, k, mult = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), n)
    print(step, repr(float(loss)), int(k), repr(float(mult)), mult.dtype.name)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
