"""The tape is opened before a `for i in tf.range(n)` loop whose trip count the batch
decides (1 + number of positive targets mod 3).  In each iteration the body computes a
scale from the state and a second variable V inside `with tape.stop_recording():`, then
uses that scale in the recorded update of the state.  Eagerly the scale is a constant
to the tape: no gradient flows through it to V or to the earlier state.  V is also used
once outside the loop so its gradient exists.  Probes: stop_recording inside the body of
a loop on a tensor (a graph's While gradient differentiates the body symbolically)."""
import random

import numpy

random.seed(42)
numpy.random.seed(42)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4003)
rng = np.random.default_rng(4003)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1] * 0.8 + XS[:, 3:4] * 0.2)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.4)
V = tf.Variable(rng.normal(size=(4,)).astype(np.float32) * 0.5)
U = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        n = 1 + tf.reduce_sum(tf.cast(y[:, 0] > 0.0, tf.int32)) % 3
        h = x
        for i in tf.range(n):
            with tape.stop_recording():
                scale = 1.0 + 0.1 * tf.tanh(tf.reduce_mean(h * V))
            h = tf.tanh(h @ W) * scale
        loss = tf.reduce_mean(tf.square(h @ U - y)) + 0.01 * tf.reduce_sum(tf.square(V))
    gw, gv, gu = tape.gradient(loss, [W, V, U])
    OPT.apply_gradients(zip([gw, gv, gu], [W, V, U]))
    return loss, gv, n


for step in range(30):
    i = (step * 8) % 96
    loss, gv, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, int(n), repr(float(loss)), [repr(float(v)) for v in gv.numpy()])

print("W", repr(float(tf.reduce_sum(W))), "V", [repr(float(v)) for v in V.numpy()],
      "U", repr(float(tf.reduce_sum(U))))
