"""The batch size n = x.shape[0] feeds Python int operations whose results are printed
and used in the loss: (n & 6) | 1, math.comb(n, 2), math.isqrt(n * 37), (-n) // 3,
(-n) % 3, divmod(n * 1000, 7), (n ** 3) % 11, f"{n * 1000:,}", f"{n:#06b}", f"{n:x}",
n ** -1, int.__index__ via [10, 20, 30, 40, 50, 60, 70, 80, 90][n - 1], and
n * (n - 1) // 2.  Batch sizes cycle through 5, 9, 6, 8, 7, so a graph cache that relaxes
the batch axis after three sizes makes n a number the graph carries, and each of these
must give CPython's answer.  At step 17 the global BIAS added to n changes from 0 to 1.
Probes: Python int semantics of a shape-derived number."""
import random

import numpy

random.seed(3716)
numpy.random.seed(3716)

import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3716)
rng = np.random.default_rng(3716)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = rng.normal(size=(80, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SIZES = [5, 9, 6, 8, 7]
TABLE = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]
BIAS = 0


def train_step(x, y):
    n = x.shape[0] + BIAS
    facts = ((n & 6) | 1, math.comb(n, 2), math.isqrt(n * 37), (-n) // 3, (-n) % 3,
             divmod(n * 1000, 7), (n ** 3) % 11, f"{n * 1000:,}", f"{n:#06b}", f"{n:x}",
             n ** -1, TABLE[n - 1], n * (n - 1) // 2)
    with tf.GradientTape() as tape:
        err = tf.reduce_mean(tf.square(x @ W - y))
        loss = err * (1.0 + facts[1] / 100.0) + facts[11] * 1e-4 * tf.reduce_sum(W)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, facts


for step in range(26):
    if step == 17:
        BIAS = 1
    b = SIZES[step % 5]
    j = (step * 3) % 60
    loss, facts = train_step(tf.constant(XS[j:j + b]), tf.constant(YS[j:j + b]))
    print(step, b, float(loss).hex(), facts)

print("final", [float(v).hex() for v in W.numpy().ravel()], BIAS)
