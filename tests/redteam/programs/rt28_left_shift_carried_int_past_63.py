"""The step builds a feature-flag word flags = 1 << (t + SHIFT) from the loop's step t and
uses flags // 2**40 and flags % 1000 in its loss scale.  Python's << grows the int
without bound; an int64 shift of 64 or more is implementation-defined in TF (x86 masks the
count), and 1 << 63 is already negative in int64.  At step 15 the loop raises SHIFT from 0
to 45, so t + SHIFT passes 62.  Probes: << of a carried Python int past the int64 width,
where no arithmetic overflow check of a multiply or add applies."""
import random

import numpy

random.seed(2847)
numpy.random.seed(2847)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2847)
rng = np.random.default_rng(2847)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SHIFT = 0


def train_step(x, y, t):
    flags = 1 << (t + SHIFT)
    nbits = flags // 2 ** 40
    tail = flags % 1000
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * (1.0 + 0.001 * tail)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, nbits, tail


for step in range(30):
    if step == 15:
        SHIFT = 45
    i = (step * 8) % 56
    loss, nbits, tail = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), nbits, tail)

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
