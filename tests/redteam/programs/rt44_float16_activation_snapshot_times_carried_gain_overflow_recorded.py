"""A mixed-precision style activation monitor: the step takes a float16 snapshot of the
hidden activations (`.numpy()` of a float16 cast) and scales it by a Python float gain
it carries in an attribute (doubled every call, as a loss-scale probe does), then sums
the scaled snapshot as float32.  NEP 50 casts the Python float to float16 first; once
gain * activation passes 65504 numpy gives inf and warns "overflow encountered in
multiply" (and, once the gain itself passes float16's range, "overflow encountered in
cast").  The caller records warnings around each call with catch_warnings(record=True)
and prints their messages; the gain is reset at step 20.  Probes: float16 ndarray times a
carried Python float, overflow warnings seen by the caller, after conversion."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4415)
rng = np.random.default_rng(4415)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 4)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.Adam(learning_rate=0.02)


class Probe:
    def __init__(self):
        self.gain = 16.0


PR = Probe()


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    snap = tf.cast(h[0], tf.float16).numpy()
    scaled = snap * PR.gain
    PR.gain = PR.gain * 2.0
    return loss, scaled


for step in range(30):
    if step == 20:
        PR.gain = 16.0
    i = (step * 8) % 120
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss, scaled = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), scaled.dtype.name, [repr(float(v)) for v in scaled],
          repr(PR.gain), [str(w.message) for w in caught])

print(json.dumps({"W1": [repr(float(v)) for v in W1.numpy().ravel()][:6],
                  "W2": [repr(float(v)) for v in W2.numpy().ravel()]}))
