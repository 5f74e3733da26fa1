"""Per-feature input gains live in a numpy array that the loop edits in place, but the
step receives them through a memoryview taken once at start-up (as code sharing a
buffer between components does): `GAIN_VIEW = memoryview(GAINS)` and
`x * tf.constant(GAIN_VIEW)`.  tf.constant reads the buffer through the buffer protocol
at every call.  At step 10 the loop writes GAINS[1:3] = 0.25, at step 16 GAINS *= 2.
Probes: a memoryview (over an ndarray whose own contents janus compares) handed to a TF
function inside a converted step."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2524)
rng = np.random.default_rng(2524)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
GAINS = np.array([1.0, 0.5, 1.5, 1.0], np.float32)
GAIN_VIEW = memoryview(GAINS)


def train_step(x, y):
    xs = x * tf.constant(GAIN_VIEW)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xs @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    return loss


for step in range(22):
    if step == 10:
        GAINS[1:3] = 0.25
    if step == 16:
        GAINS *= 2
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), GAINS.tolist())

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
