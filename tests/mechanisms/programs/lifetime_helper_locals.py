"""A helper the loop calls runs TF ops (so janus counts its calls to find hot code) and
holds a scratch object in a local; the object's __del__ prints.  Eager frees the
scratch when the helper returns, before the loop's next line.  Hot-code detection
that kept the helper's last frame to tell its calls apart kept the scratch alive until
the helper's next call, and the lines came out in another order."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(41)
rng = np.random.default_rng(41)
XS = rng.normal(size=(12, 4, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
FREED = []


class Scratch:
    def __init__(self, i):
        self.i = i

    def __del__(self):
        FREED.append(self.i)
        print("  scratch", self.i, "freed")


def describe(x, i):
    scratch = Scratch(i)
    return float(tf.reduce_sum(x @ W)) + scratch.i


def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss


for step in range(12):
    total = describe(XS[step], step)
    print(step, "described", round(total, 4), "freed so far", len(FREED))
    loss = train_step(XS[step])

print(json.dumps({"freed": FREED, "w": W.numpy().ravel().tolist()}))
