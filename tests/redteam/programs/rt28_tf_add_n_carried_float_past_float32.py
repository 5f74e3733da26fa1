"""The step sums its loss terms with tf.math.add_n([mse, reg, bias]) where `bias` is a
Python float it computes from the loop's step t (bias = OFFSET * (t % 3)).  add_n converts
the Python number with no dtype, i.e. to float32, and eager raises ValueError once it is
past float32's range, even though the other terms are float32 tensors (and inf would be
the float32 sum).  At step 14 OFFSET goes from 1e-3 to 2e38, so t % 3 == 2 overflows.
Probes: a Python number the graph carries inside a list handed to add_n."""
import random

import numpy

random.seed(2824)
numpy.random.seed(2824)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2824)
rng = np.random.default_rng(2824)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
OFFSET = 1e-3


def train_step(x, y, t):
    bias = OFFSET * (t % 3)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        mse = tf.reduce_mean(tf.square(h @ W2 - y))
        reg = 1e-3 * tf.reduce_sum(W1 * W1)
        loss = tf.math.add_n([mse, reg, bias])
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(32):
    if step == 14:
        OFFSET = 2e38
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
        print(step, repr(float(loss)))
    except ValueError as e:
        print(step, "ValueError", str(e)[:70])

print(json.dumps({
    "iterations": int(OPT.iterations),
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
