"""No global seed is set; the step adds input noise with an op seed of its own,
tf.random.normal([8, 5], seed=7).  Without a global seed TF pairs an op seed with the
module constant tensorflow.python.framework.random_seed.DEFAULT_GRAPH_SEED (87654321),
read by get_seed() each time the op is made, so eager's kernel cache is keyed by that
pair.  At step 10 the program rebinds DEFAULT_GRAPH_SEED to 1234 (a module-level
number, not a function): eager's next draws come from a fresh kernel seeded (1234, 7);
at step 20 it rebinds it back, and eager's cached (87654321, 7) kernel continues where it
stopped.  Probes: a module-level constant of TF read by library Python while building."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(26)
numpy.random.seed(26)

import json

import numpy as np
import tensorflow as tf
from tensorflow.python.framework import random_seed

rng = np.random.default_rng(2609)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)


def train_step(x, y):
    with tf.GradientTape() as tape:
        xn = x + 0.1 * tf.random.normal([8, 5], seed=7)
        h = tf.tanh(xn @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    return loss


ORIG = random_seed.DEFAULT_GRAPH_SEED
for step in range(30):
    if step == 10:
        random_seed.DEFAULT_GRAPH_SEED = 1234
    if step == 20:
        random_seed.DEFAULT_GRAPH_SEED = ORIG
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
