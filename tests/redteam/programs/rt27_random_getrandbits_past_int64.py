"""The step draws r = random.getrandbits(BITS) from Python's global generator and uses
r % 7 to pick a noise scale for its inputs; it returns r.  Until step 15 BITS is 40
(r fits an int64).  At step 15 the loop sets BITS = 70: every draw is then a Python
int past 2**63, whose exact value the step returns and the loop prints, and whose
remainder by 7 picks the scale.  Probes: a draw's result that a graph would take as an
input when it does not fit the input's dtype."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2706)
numpy.random.seed(2706)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27061)
rng = np.random.default_rng(27061)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BITS = 40


def train_step(x, y):
    r = random.getrandbits(BITS)
    scale = 1.0 + 0.01 * (r % 7)
    with tf.GradientTape() as tape:
        h = tf.tanh((x * scale) @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, r


for step in range(30):
    if step == 15:
        BITS = 70
    i = (step * 8) % 56
    loss, r = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), r, r % 7, type(r).__name__)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "next": random.random(),
}))
