"""Two global tables are indexed by Python numbers the graph computes: SCALES, a dict
keyed by the ints 0..3, looked up by `stage = int(OPT.iterations) // 8`, and GATE, a
dict keyed by the ints 0 and 1 looked up by the *bool* `float(loss) > 0.25` (True == 1
and hash(True) == hash(1), so GATE[True] finds the key 1).  A lookup built only from
keys of the index's own type would miss.  At step 14 the loop writes SCALES[2] and
writes SCALES[3.0] through a float key (the dict keeps its int key 3, the value
changes)."""
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

keras.utils.set_random_seed(3602)
rng = np.random.default_rng(3602)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SCALES = {0: 1.0, 1: 0.75, 2: 0.5, 3: 0.3}
GATE = {0: "low", 1: "high"}
SEEN = []


def train_step(x, y):
    stage = int(OPT.iterations) // 8
    scale = SCALES[stage]
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * scale
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    flag = float(loss) > 0.25
    tag = GATE[flag]
    SEEN.append((stage, tag))
    return loss, scale, tag


for step in range(32):
    if step == 14:
        SCALES[2] = 0.4
        SCALES[3.0] = 0.2
    i = (step * 8) % 56
    loss, scale, tag = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(scale), type(scale).__name__, tag)

print(json.dumps({
    "W1": [float(v).hex() for v in W1.numpy().ravel()[:8]],
    "W2": [float(v).hex() for v in W2.numpy().ravel()],
    "seen": [[s, t] for s, t in SEEN[-6:]],
    "keys": [repr(k) for k in SCALES],
}))
