"""Each batch comes with a string tensor tag holding a loss weight as text, as a
tf.data pipeline of CSV fields would give it; the step converts it with float(tag).
float() of a string EagerTensor goes through numpy's bytes and Python's own float
parser, which accepts surrounding whitespace, underscores between digits and
"Infinity"-style words.  Until step 15 the tags look like "1.0" and "0.5"; from step 15
the loop's tags are written " 0.75 ", "1_0e-1" and "2.5e-1\\n" (all valid for Python).
The weight scales the loss.  Probes: float() of a string tensor the step receives."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2732)
numpy.random.seed(2732)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27321)
rng = np.random.default_rng(27321)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
EARLY = ["1.0", "0.5"]
LATE = [" 0.75 ", "1_0e-1", "2.5e-1\n"]


def train_step(x, y, tag):
    weight = float(tag)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = weight * tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, weight


for step in range(30):
    tags = EARLY if step < 15 else LATE
    i = (step * 8) % 56
    loss, weight = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                              tf.constant(tags[step % len(tags)]))
    print(step, repr(float(loss)), repr(weight))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
