"""The step logs the strength of the dominant frequency of its residuals: it takes
tf.signal.fft of the residual (complex64), picks bin 1, and returns
peak = float(SPECTRUM_READ(bin1)).  SPECTRUM_READ is tf.abs until step 15, when the
loop sets it to tf.identity: float() of a complex EagerTensor then goes through numpy,
which drops the imaginary part and warns (numpy.exceptions.ComplexWarning, "Casting
complex values to real discards the imaginary part") at every call.  The loop records
warnings around each call (catch_warnings(record=True), "always") and prints their
categories.  Probes: a warning numpy emits when the step converts a graph tensor to a
Python number."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2720)
numpy.random.seed(2720)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27201)
rng = np.random.default_rng(27201)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SPECTRUM_READ = tf.abs


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        res = h @ W2 - y
        loss = tf.reduce_mean(tf.square(res))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    spec = tf.signal.fft(tf.cast(tf.reshape(res, [-1]), tf.complex64))
    peak = float(SPECTRUM_READ(spec[1]))
    return loss, peak


for step in range(30):
    if step == 15:
        SPECTRUM_READ = tf.identity
    i = (step * 8) % 56
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss, peak = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(peak), [w.category.__name__ for w in caught])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
