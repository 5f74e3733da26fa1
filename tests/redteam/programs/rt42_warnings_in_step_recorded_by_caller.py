"""The step warns (`warnings.warn(UserWarning)`) when the gradient norm exceeds a
threshold (a tensor decision), with a message that includes the rounded norm, and
warns with a fixed message when a Python flag is set.  The caller records warnings
with `warnings.catch_warnings(record=True)` around each call under the "default"
filter action (show once per message text and location) and prints what it caught,
category and line number included.  Large-norm batches start at step 12.  janus
replays a step's output after the graph; a warning's effect (and the registry that
suppresses repeats) must be eager's."""
import random

import numpy

random.seed(83)
numpy.random.seed(83)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4283)
rng = np.random.default_rng(4283)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)


def train_step(x, y, legacy):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    gn = tf.norm(g)
    if gn > 5.0:
        warnings.warn(f"large gradient norm {round(float(gn), 1)}")
        g = g * (5.0 / gn)
    if legacy:
        warnings.warn("legacy mode", DeprecationWarning)
    W.assign_sub(0.05 * g)
    return loss


seen = 0
for step in range(30):
    i = (step * 8) % 88
    x = XS[i:i + 8] * (6.0 if step >= 12 and step % 2 == 0 else 1.0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("default")
        loss = train_step(tf.constant(x), tf.constant(YS[i:i + 8]), step % 7 == 3)
    seen += len(caught)
    print(step, repr(float(loss)),
          [(w.category.__name__, str(w.message), w.lineno) for w in caught])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "seen": seen}))
