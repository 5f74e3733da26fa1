"""Batches of 16 with a partial last batch of 11, so janus relaxes the batch dimension.
The step keeps facts about x.shape that TensorShape answers differently from a tuple:
`x.shape == list(x.shape)` (True for a TensorShape), isinstance(x.shape, tuple)
(False), x.shape[1:] == (4,) and type(x.shape[1:]).__name__; it scales the loss by
x.shape[0] * x.shape[1].  Probes: the object janus hands back for .shape of a tensor
whose dimension it relaxed."""
import random

import numpy

random.seed(3442)
numpy.random.seed(3442)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3442)
rng = np.random.default_rng(3442)
N = 59
XS = rng.normal(size=(N, 4)).astype(np.float32)
YS = (XS[:, 1:2] - XS[:, 2:3] * 0.5).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
SEEN = []


def train_step(x, y):
    shp = x.shape
    tail = shp[1:]
    SEEN.append((shp == list(shp), isinstance(shp, tuple), tail == (4,), type(tail).__name__))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.square(x @ W - y)) / (shp[0] * shp[1]) * 4
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for epoch in range(8):
    for b in range(0, N, 16):
        loss = train_step(tf.constant(XS[b:b + 16]), tf.constant(YS[b:b + 16]))
        print(epoch, b, float(loss).hex(), SEEN[-1])

print("w", [float(v).hex() for v in W.numpy().ravel()])
