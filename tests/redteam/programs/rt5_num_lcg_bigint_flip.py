"""Deterministic augmentation driven by a 64-bit LCG kept as a Python int: each step advances
RNG64 = (RNG64 * A + C) % 2**64 (the product exceeds int64), flips the batch's sign when the
top bit is set, and adds the bool to FLIPS (which starts as False, so it turns into an int).
At step 12 the loop reseeds RNG64 with a value above 2**64 taken from a hash of the run
name; eager's Python ints are exact at any size."""
import hashlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(524)

A = 6364136223846793005
C = 1442695040888963407
RNG64 = 88172645463325252
FLIPS = False
FLIP_LOG = []

rng = np.random.default_rng(28)
XS = rng.normal(size=(64, 3)).astype("float32")
YS = (np.abs(XS).sum(axis=1, keepdims=True)).astype("float32")
W = tf.Variable(rng.normal(size=(3, 4)).astype("float32"))
V = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))


def train_step(x, y):
    global RNG64, FLIPS
    RNG64 = (RNG64 * A + C) % 2**64
    flip = (RNG64 >> 63) & 1 == 1
    if flip:
        x = -x
    FLIPS += flip
    FLIP_LOG.append(RNG64 % 1000)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.nn.softplus(x @ W) @ V - y))
    gw, gv = tape.gradient(loss, [W, V])
    W.assign_sub(0.02 * gw)
    V.assign_sub(0.02 * gv)
    return loss


for step in range(30):
    if step == 12:
        RNG64 = int.from_bytes(hashlib.sha256(b"rt5-run-b").digest()[:10], "big")
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(FLIPS), RNG64)

print("FLIP_LOG", FLIP_LOG, type(FLIPS).__name__)
