"""The step asks keras.ops.shape(x) for its batch size and uses it as a Python int: in a
print, an f-string, `n * 2`, `isinstance(n, int)` and type(n).__name__.  In eager keras.ops.shape returns a tuple of Python ints.  The data has a
partial last batch (64 rows in batches of 12: 4 rows left), and at step 15 the loop
changes the batch size to 10, so a graph whose batch dimension was relaxed to None
would get a tensor from keras.ops.shape for it.  Probes: shape introspection through
library code on a relaxed dimension."""
import random

import numpy

random.seed(2815)
numpy.random.seed(2815)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2815)
rng = np.random.default_rng(2815)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BATCH = 12


def train_step(x, y):
    n = keras.ops.shape(x)[0]
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    print(f"  n={n} twice={n * 2} int={isinstance(n, int)}", type(n).__name__)
    return loss


pos = 0
for step in range(34):
    if step == 15:
        BATCH = 10
    if pos >= 64:
        pos = 0
    x, y = XS[pos:pos + BATCH], YS[pos:pos + BATCH]
    pos += BATCH
    loss = train_step(tf.constant(x), tf.constant(y))
    print(step, len(x), repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
