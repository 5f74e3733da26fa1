"""The step scales an auxiliary term by the program's numpy float64 scalar BIG:
aux = minimum(mean(|x|) * BIG, 2).  TensorFlow converts the numpy float64 scalar to
the float32 of the tensor through numpy's cast, which warns "overflow encountered in
cast" (RuntimeWarning) at every call where the value is beyond float32's range, and
gives inf.  Until step 15 BIG is np.float64(1.0); at step 15 the loop sets
BIG = np.float64(1e39).  The loop records warnings around each call
(catch_warnings(record=True), "always") and prints their categories.  Probes: a
floating-point warning numpy raises while TensorFlow converts a numpy scalar the
step reads, at every call."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2737)
numpy.random.seed(2737)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27371)
rng = np.random.default_rng(27371)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BIG = np.float64(1.0)


def train_step(x, y):
    aux = tf.minimum(tf.reduce_mean(tf.abs(x)) * BIG, 2.0)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * (1.0 + 0.01 * aux)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, aux


for step in range(30):
    if step == 15:
        BIG = np.float64(1e39)
    i = (step * 8) % 56
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss, aux = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(aux)), [w.category.__name__ for w in caught])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
