"""The loop hands the step per-feature gains as a float64 ndarray (gains made by a
numpy pipeline), and the step scales its float32 batch by them, x * gains, before
clipping.  TensorFlow converts the float64 ndarray to the tensor's float32 with numpy's
cast, which warns "overflow encountered in cast" (RuntimeWarning) at every call whose
gains hold a value beyond float32's range (the product is inf there, and the clip
brings it back to 3).  Until step 15 the gains are around 1; from step 15 every third
call's gains hold 1e39 in one feature.  The loop records warnings around each call
(catch_warnings(record=True), "always").  Probes: a floating-point warning numpy
raises while TensorFlow converts an ndarray argument, depending on its values."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2740)
numpy.random.seed(2740)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27401)
rng = np.random.default_rng(27401)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
GAINS = 1.0 + 0.1 * rng.normal(size=(30, 5))
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, gains):
    xs = tf.clip_by_value(x * gains, -3.0, 3.0)
    with tf.GradientTape() as tape:
        h = tf.tanh(xs @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    gains = GAINS[step].copy()
    if step >= 15 and step % 3 == 0:
        gains[2] = 1e39
    i = (step * 8) % 56
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), gains)
    print(step, repr(float(loss)), [w.category.__name__ for w in caught])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
