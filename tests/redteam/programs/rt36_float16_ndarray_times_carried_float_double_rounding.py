"""The step takes its batch as a float16 numpy array and scales it by a Python float
the graph computes, `scale = 1.0 + 2**-11 + k * 2**-30` with k = int(OPT.iterations)
+ 1.  numpy (NEP 50) casts the weak Python float to float16 *directly* from the
double (just above the midpoint between 1 and 1+2**-10, so it rounds up to
1.0009765625); a TF cast float64 -> float16 goes through float32 first, which lands
exactly on the midpoint and rounds to even (1.0).  The scaled array feeds the model
through tf.cast, and one element is printed.  At step 12 the global OFFSET added to
the scale changes from 2**-11 to 3 * 2**-12 (then both roundings agree)."""
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

keras.utils.set_random_seed(3612)
rng = np.random.default_rng(3612)
XS = (rng.normal(size=(64, 5)) * 4).astype(np.float16)
YS = np.sin(XS.astype(np.float32).sum(axis=1, keepdims=True) * 0.25).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.2)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
OFFSET = 2.0 ** -11


def train_step(x16, y):
    k = int(OPT.iterations) + 1
    scale = 1.0 + OFFSET + k * 2.0 ** -30
    xs = x16 * scale
    with tf.GradientTape() as tape:
        h = tf.tanh(tf.cast(xs, tf.float32) @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, xs[0, 0], xs[1, 2], scale


for step in range(30):
    if step == 12:
        OFFSET = 3 * 2.0 ** -12
    i = (step * 8) % 56
    loss, a, b, scale = train_step(XS[i:i + 8], tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), float(a).hex(), float(b).hex(), type(a).__name__, scale.hex())

print(json.dumps({
    "W1": [float(v).hex() for v in W1.numpy().ravel()[:8]],
    "W2": [float(v).hex() for v in W2.numpy().ravel()],
}))
