"""The step receives its batch as a float32 ndarray (a numpy pipeline's output) and
scales it in numpy terms before TensorFlow sees it: xs = x * GAIN, with GAIN a Python
float of the program's config, then clips the tensor of it to [-3, 3].  Under numpy
2's rules a Python float meeting a float32 array is cast to float32; 1e39 does not
fit, and numpy warns "overflow encountered in cast" (RuntimeWarning) and multiplies by
inf.  Until step 15 GAIN = 2.0; at step 15 the loop sets GAIN = 1e39.  The loop
records warnings around each call (catch_warnings(record=True), "always").  Probes:
numpy's weak-scalar cast of a Python float that overflows float32, on an ndarray
argument."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2741)
numpy.random.seed(2741)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27411)
rng = np.random.default_rng(27411)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
GAIN = 2.0


def train_step(x, y):
    xs = x * GAIN
    xt = tf.clip_by_value(tf.convert_to_tensor(xs), -3.0, 3.0)
    with tf.GradientTape() as tape:
        h = tf.tanh(xt @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        GAIN = 1e39
    i = (step * 8) % 56
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss = train_step(XS[i:i + 8], tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [str(w.message)[:30] for w in caught])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
