"""The step packs two Python floats it computes into a float32 tensor,
tf.constant([float(loss) * SPREAD, 1.0]), to scale a regulariser.  Eager converts a
Python list element by element and raises ValueError ("Can't convert Python sequence
with a value out of range for a double-precision float") when a float is beyond
float32's range, although a lone Python float beyond it converts to inf.  The step
catches ValueError and uses no regulariser.  Until step 15 SPREAD is 1e30; at step 15
the loop sets SPREAD = 1e40 and from then on every conversion raises.  Probes: a list
of Python floats the graph computes handed to tf.constant."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2716)
numpy.random.seed(2716)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27161)
rng = np.random.default_rng(27161)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SPREAD = 1e30
REFUSED = [0]


def train_step(x, y):
    h0 = tf.tanh(x @ W1)
    base = tf.reduce_mean(tf.square(h0 @ W2 - y))
    try:
        pair = tf.constant([float(base) * SPREAD, 1.0])
        reg = 1e-3 * tf.minimum(pair[0], 1.0) * pair[1]
    except ValueError:
        REFUSED[0] += 1
        reg = tf.constant(0.0)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) + reg * tf.reduce_sum(tf.square(W2))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, reg


for step in range(30):
    if step == 15:
        SPREAD = 1e40
    i = (step * 8) % 56
    loss, reg = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(reg)), REFUSED[0])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "refused": REFUSED[0],
}))
