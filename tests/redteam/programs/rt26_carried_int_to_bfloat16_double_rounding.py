"""The step builds a bfloat16 positional offset from a Python int it computes from the
optimizer's iteration counter: n = BASE + 65537 * int(OPT.iterations) (BASE = 2**24),
then tf.constant(n, dtype=tf.bfloat16).  Eager converts the Python int through a C
double (exact) and rounds once to bfloat16; going int64 -> float32 -> bfloat16 would
round twice (2**24 + 65537 is a float32 tie that rounds down, while bfloat16 of the
exact value rounds up).  The offset enters the loss scaled down.  At step 15 BASE
changes to 2**25.  Probes: Python ints the graph computes handed to a bfloat16
conversion."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(26)
numpy.random.seed(26)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2627)
rng = np.random.default_rng(2627)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BASE = 2 ** 24


def train_step(x, y):
    n = BASE + 65537 * int(OPT.iterations)
    off = tf.cast(tf.constant(n, dtype=tf.bfloat16), tf.float32)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) + (off - float(BASE)) * 1e-7
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, off


for step in range(30):
    if step == 15:
        BASE = 2 ** 25
    i = (step * 8) % 56
    loss, off = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(off)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
