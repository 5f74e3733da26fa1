"""The step turns a Python float it computes from the loop's step number into a float64
tensor with tf.cast(big, tf.float64): big = GAIN * (t % 5 + 1).  Eager's tf.cast first
converts the Python float with no dtype, i.e. to float32, and raises ValueError ("out of
range for a double-precision float") once big passes float32's maximum, even though the
target dtype is float64; a graph that carries big as a float64 tensor and casts it would
not.  The cast comes before the optimizer update.  At step 14 GAIN changes from 1e30 to
1e38, so t % 5 + 1 >= 4 overflows float32.  Probes: a carried Python float handed to
tf.cast whose eager conversion goes through float32."""
import random

import numpy

random.seed(2801)
numpy.random.seed(2801)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2801)
rng = np.random.default_rng(2801)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
GAIN = 1e30


def train_step(x, y, t):
    big = GAIN * (t % 5 + 1)
    s = tf.cast(big, tf.float64)
    ratio = tf.cast(s / (s + 1.0), tf.float32)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * ratio
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(32):
    if step == 14:
        GAIN = 1e38
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
        print(step, repr(float(loss)))
    except ValueError as e:
        print(step, "ValueError", str(e)[:80])

print(json.dumps({
    "iterations": int(OPT.iterations),
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
