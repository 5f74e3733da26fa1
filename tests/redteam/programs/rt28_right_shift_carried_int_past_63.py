"""The step derives a hash-bucket mask from a Python int it computes from the loop's step t:
bucket = (SEED_BITS >> (t + SHIFT)) & 7, and weights its loss by the bucket.  Python
shifts ints of any width (a shift past the int's bits gives 0, or -1 for negatives);
TF's RightShift on int64 leaves shifts of 64 or more implementation-defined (x86 masks
the count to 6 bits).  At step 15 the loop raises SHIFT from 0 to 50, so t + SHIFT passes
63.  Probes: >> of a carried Python int by a carried count past the int64 width."""
import random

import numpy

random.seed(2846)
numpy.random.seed(2846)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2846)
rng = np.random.default_rng(2846)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SEED_BITS = 0x5DEECE66D2B7F1A3
SHIFT = 0


def train_step(x, y, t):
    bucket = (SEED_BITS >> (t + SHIFT)) & 7
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * (1.0 + 0.1 * bucket)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, bucket


for step in range(30):
    if step == 15:
        SHIFT = 50
    i = (step * 8) % 56
    loss, bucket = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), bucket)

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
