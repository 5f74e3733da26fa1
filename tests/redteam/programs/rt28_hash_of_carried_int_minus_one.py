"""The step assigns each batch to one of 7 shards with hash(delta) % 7, where delta is a
Python int it computes from the loop's step t (delta = t - PIVOT), and weights the loss by
the shard.  CPython's int hash is the value modulo 2**61 - 1, except that hash(-1) is -2
(-1 is the C-level error marker).  At step 12 the loop sets PIVOT = 20, so delta runs
through -1 at step 19 (hash -2, shard 5, not 6).  Probes: hash() of a Python int the graph
carries, with CPython's special case."""
import random

import numpy

random.seed(2840)
numpy.random.seed(2840)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2840)
rng = np.random.default_rng(2840)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
PIVOT = 100


def train_step(x, y, t):
    delta = t - PIVOT
    shard = hash(delta) % 7
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * (1.0 + 0.1 * shard)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, shard


for step in range(30):
    if step == 12:
        PIVOT = 20
    i = (step * 8) % 56
    loss, shard = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), shard)

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
