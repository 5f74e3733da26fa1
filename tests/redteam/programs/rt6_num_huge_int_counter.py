"""A Python int the step grows geometrically (c = c * 7 + step) passes 2**53 around step
19 and 2**63 around step 23, and keeps growing. The step derives c / 7 (correctly
rounded int true division), c // 7, c % 7, -c // 5, float(c), c ** 0.5, c.bit_length(),
math.isqrt(c), c > 1e16 (exact int-vs-float comparison), c & 0xFFFF, hash-free
arithmetic mixing with floats, and feeds (c % 1000) / 1000 as a learning-rate
modulation. Step 28: MULT changes to 10**6 (the int explodes faster)."""
import math
import random

import numpy as np
import tensorflow as tf

random.seed(149)
np.random.seed(149)
tf.random.set_seed(149)

rng = np.random.default_rng(181)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))

MULT = 7
ST = {"c": 1}


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    c = ST["c"] * MULT + step
    ST["c"] = c
    mod = (c % 1000) / 1000
    W.assign_sub((0.02 + 0.02 * mod) * g)
    return (loss, c, c / 7, c // 7, c % 7, -c // 5, float(c), c ** 0.5, c.bit_length(),
            math.isqrt(c), c > 1e16, c & 0xFFFF, c * 0.5 + 1, mod)


for step in range(36):
    if step == 28:
        MULT = 10 ** 6
    i = (step * 16) % 48
    out = train_step(X[i:i + 16], Y[i:i + 16], step)
    print(step, repr(float(out[0])), " ".join(repr(v) for v in out[1:]))

print("c", ST["c"].bit_length(), ST["c"] % 1000003, type(ST["c"]).__name__)
print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
