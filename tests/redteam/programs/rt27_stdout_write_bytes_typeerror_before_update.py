"""The step draws a progress mark with sys.stdout.write(MARK) between computing its
gradients and applying them, and ends the line with print(" loss", float(loss)) after
the update.  MARK comes from the program's config: "." until step 15, when the loop
reloads it as bytes (b"."), which a text stream refuses: write() raises TypeError
("write() argument must be str, not bytes") in eager before the update, and the loop
catches it (printing a newline).  At step 24 MARK becomes "*".  Probes: an argument
error of a stream write the step makes before its updates."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2731)
numpy.random.seed(2731)

import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27311)
rng = np.random.default_rng(27311)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
MARK = "."


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    sys.stdout.write(MARK)
    OPT.apply_gradients(zip(grads, [W1, W2]))
    print(" loss", float(loss))
    return loss


for step in range(30):
    if step == 15:
        MARK = b"."
    if step == 24:
        MARK = "*"
    i = (step * 8) % 56
    try:
        train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    except TypeError as e:
        print(f"TypeError {e}")
    print(step, int(OPT.iterations), repr(float(W2[0, 0])))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
