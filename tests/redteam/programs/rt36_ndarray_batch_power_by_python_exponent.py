"""The step receives its batch as a float32 numpy array and applies a power feature
transform `xp = x ** P` with a Python exponent P (a global: 2.0, later 0.5).  numpy
computes `float32_array ** 2.0` with its own float32 power (its fast path squares),
which differs in the last bit from TF's Pow kernel (Eigen's vectorised pow) for about
a quarter of random inputs; the same for 0.5 (numpy: sqrt).  The transformed array is
printed (two entries) and fed to the model through tf.constant.  At step 12 the loop
switches P to 0.5, at step 22 to the int 3."""
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

keras.utils.set_random_seed(3613)
rng = np.random.default_rng(3613)
XS = rng.uniform(0.2, 2.0, size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
P = 2.0


def train_step(x, y):
    xp = x ** P
    with tf.GradientTape() as tape:
        h = tf.tanh(tf.constant(xp) @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, xp[0, 0], xp[3, 4]


for step in range(30):
    if step == 12:
        P = 0.5
    if step == 22:
        P = 3
    i = (step * 8) % 56
    loss, a, b = train_step(XS[i:i + 8], tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), float(a).hex(), float(b).hex(), type(a).__name__)

print(json.dumps({
    "W1": [float(v).hex() for v in W1.numpy().ravel()[:8]],
    "W2": [float(v).hex() for v in W2.numpy().ravel()],
}))
