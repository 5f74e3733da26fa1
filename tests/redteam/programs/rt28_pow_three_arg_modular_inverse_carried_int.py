"""The step picks a data-shuffling stride with Python's three-argument pow on an int the
graph carries: stride = pow(k, -1, MOD) (the modular inverse of k = t % MOD + 1, from the
loop's step t), then scales the loss by stride / MOD.  pow(k, -1, m) raises ValueError
("base is not invertible for the given modulus") when gcd(k, m) != 1.  At step 15 the loop
changes MOD from the prime 31 to 12, so k sharing a factor with 12 raises before the
update.  Probes: three-argument pow (modular inverse) of a Python int the graph carries."""
import random

import numpy

random.seed(2839)
numpy.random.seed(2839)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2839)
rng = np.random.default_rng(2839)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
MOD = 31


def train_step(x, y, t):
    k = t % MOD + 1
    stride = pow(k, -1, MOD)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * (0.5 + stride / MOD)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, stride


for step in range(30):
    if step == 15:
        MOD = 12
    i = (step * 8) % 56
    try:
        loss, stride = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
        print(step, repr(float(loss)), stride)
    except ValueError as e:
        print(step, "ValueError", e)

print(json.dumps({
    "iterations": int(OPT.iterations),
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
