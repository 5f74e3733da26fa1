"""A smoothed-target step: the targets' EMA over a window of recent prediction snapshots
is computed with keras.ops.scan(f, init, window), whose carry starts at the caller's
target tensor.  The window holds the snapshots whose error exceeds a tolerance (a
boolean_mask of the data), so once the model fits it is often empty, and eagerly
keras.ops.scan then returns its init as the final carry, the caller's tensor itself.
The step uses `smooth is y` to count the batches it trained on raw targets; the caller
checks the returned carry against the labels it passed.  The profiled calls always had a
non-empty window.  Probes: identity of keras.ops.scan's carry after zero elements, a
loop that ran at least once in every profiled call."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4411)
rng = np.random.default_rng(4411)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS @ np.array([[0.3], [0.2], [-0.4], [0.1]], np.float32)
      + rng.normal(size=(128, 1)) * 0.1).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.Adam(learning_rate=0.1)


class Stats:
    def __init__(self):
        self.raw = 0
        self.smoothed = 0


ST = Stats()


def train_step(x, y):
    pred = x @ W
    err = tf.reduce_mean(tf.abs(pred - y), axis=1)
    window = tf.boolean_mask(tf.stack([pred, 0.5 * (pred + y)]),
                             tf.stack([err[0] > 0.2, err[1] > 0.2]))
    smooth, _ = keras.ops.scan(lambda c, p: (0.9 * c + 0.1 * p, c), y, window)
    if smooth is y:
        ST.raw += 1
    else:
        ST.smoothed += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - smooth))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, smooth, tf.shape(window)[0]


for step in range(32):
    i = (step * 8) % 120
    yb = tf.constant(YS[i:i + 8])
    loss, smooth, n = train_step(tf.constant(XS[i:i + 8]), yb)
    print(step, repr(float(loss)), int(n), smooth is yb, ST.raw, ST.smoothed)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "stats": [ST.raw, ST.smoothed]}))
