"""The step records its statistics into the program's dict with
STATS.update(pairs), pairs a list the step builds: (key, value) tuples of Python floats
the graph computes, followed by the program's EXTRA entries.  dict.update of a sequence
inserts pair by pair, so when a later element is malformed CPython raises ValueError
("dictionary update sequence element #2 has length 3; 2 is required") after the
earlier pairs landed.  The step catches it and counts it.  At step 15 the loop changes
EXTRA from [("lr", 0.05)] to [("lr", 0.05, "tag")] and clears STATS.  Probes: a dict
method that fails part-way, on the program's dict, inside a converted step."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2705)
numpy.random.seed(2705)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27051)
rng = np.random.default_rng(27051)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
EXTRA = [("lr", 0.05)]
STATS = {"runs": 0}
FAILED = [0]


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    pairs = [("loss", float(loss)), ("gnorm", float(tf.linalg.global_norm(grads)))]
    pairs += EXTRA
    try:
        STATS.update(pairs)
    except ValueError:
        FAILED[0] += 1
    STATS["runs"] = STATS.get("runs", 0) + 1
    return loss


for step in range(30):
    if step == 15:
        EXTRA = [("lr", 0.05, "tag")]
        STATS.clear()
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), FAILED[0], sorted(STATS), repr(STATS.get("gnorm")))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "stats": {k: repr(v) for k, v in STATS.items()},
}))
