"""A step that logs a packed bucket code for each batch: it takes the argmax class of the
batch mean prediction as a numpy int32 scalar (`.numpy()`), and packs it with the batch
parity as `(cls << SHIFT) | parity` and a second code shifted by a per-step amount
`(cls + 1) << (4 * (k % 10))` from a Python counter the step carries.  numpy defines a
shift by at least the width of int32 as 0 (and a negative count as 0), where TF's
LeftShift clamps the count.  At step 12 SHIFT goes from 8 to 33.  Probes: numpy integer
shifts on `.numpy()` scalars with Python-int counts (NEP 50 keeps int32), past width."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4402)
rng = np.random.default_rng(4402)
XS = rng.normal(size=(120, 5)).astype(np.float32)
LAB = rng.integers(0, 3, size=(120,)).astype(np.int32)
W = tf.Variable(rng.normal(size=(5, 3)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.1)
SHIFT = 8


class Counter:
    def __init__(self):
        self.k = 0


CT = Counter()


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = x @ W
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    cls = tf.cast(tf.argmax(tf.reduce_mean(logits, axis=0)), tf.int32).numpy()
    parity = tf.math.floormod(tf.reduce_sum(y), 2).numpy()
    code = (cls << SHIFT) | parity
    CT.k += 1
    code2 = (cls + 1) << (4 * (CT.k % 10))
    return loss, code, code2


for step in range(30):
    if step == 12:
        SHIFT = 33
    i = (step * 8) % 112
    loss, code, code2 = train_step(tf.constant(XS[i:i + 8]), tf.constant(LAB[i:i + 8]))
    print(step, repr(float(loss)), repr(code), type(code).__name__, repr(code2), type(code2).__name__, CT.k)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
