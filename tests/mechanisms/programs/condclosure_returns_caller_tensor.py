"""`tf.cond(easy, lambda: x_clean, lambda: x_aug)`: eager returns the chosen caller's
tensor itself, so `chosen is x_clean` holds on the easy steps; as janus's branch, the
arm that returns an argument unchanged hands back the caller's object, not a new
tensor (the predicate goes both ways during the run)."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(6)
rng = np.random.default_rng(21)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(0.05)


def train_step(x_clean, x_aug, y):
    probe = tf.reduce_mean(tf.square(x_clean @ W - y))
    chosen = tf.cond(probe < 1.0, lambda: x_clean, lambda: x_aug)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(chosen @ W - y))
    OPT.apply_gradients(zip(tape.gradient(loss, [W]), [W]))
    return loss, chosen


counts = {"clean": 0, "aug": 0, "neither": 0}
for step in range(20):
    xa = tf.constant(rng.normal(size=(6, 4)).astype(np.float32))
    xb = tf.constant(xa.numpy() * 1.5 + 0.1)
    y = tf.constant(rng.normal(size=(6, 1)).astype(np.float32))
    loss, chosen = train_step(xa, xb, y)
    which = "clean" if chosen is xa else ("aug" if chosen is xb else "neither")
    counts[which] += 1
    print(step, repr(float(loss)), which)
del chosen, xa, xb
print(json.dumps({"counts": counts, "W": [float(v).hex() for v in W.numpy().ravel()]}))
