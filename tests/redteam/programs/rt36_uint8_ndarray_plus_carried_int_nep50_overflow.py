"""The step brightens a uint8 image batch (a numpy argument) by a Python int the graph
computes, `k = BASE + 37 * (int(OPT.iterations) % 8)`.  Under NEP 50 numpy treats
the Python int as weak and casts it to uint8: an int beyond 255 raises OverflowError
("Python integer 296 out of bounds for uint8"), while sums beyond 255 wrap silently
(uint8 arithmetic).  The step catches OverflowError and uses k % 256 instead, counting
the fallbacks in a global.  At step 13 BASE changes from 40 to 10 (fewer overflows).
A TF add of uint8 tensors would wrap both cases and never raise."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3614)
rng = np.random.default_rng(3614)
IMGS = rng.integers(0, 256, size=(64, 6), dtype=np.uint8)
YS = (IMGS.astype(np.float32).mean(axis=1, keepdims=True) / 255.0).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(6, 8)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BASE = 40
OVERFLOWS = 0


def train_step(img, y):
    global OVERFLOWS
    k = BASE + 37 * (int(OPT.iterations) % 8)
    try:
        bright = img + k
    except OverflowError:
        OVERFLOWS += 1
        bright = img + (k % 256)
    with tf.GradientTape() as tape:
        h = tf.tanh(tf.cast(tf.constant(bright), tf.float32) / 255.0 @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, int(bright[0, 0]), k


for step in range(30):
    if step == 13:
        BASE = 10
    i = (step * 8) % 56
    loss, b00, k = train_step(IMGS[i:i + 8], tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), b00, k, OVERFLOWS)

print(json.dumps({
    "W1": [float(v).hex() for v in W1.numpy().ravel()[:8]],
    "W2": [float(v).hex() for v in W2.numpy().ravel()],
    "overflows": OVERFLOWS,
}))
