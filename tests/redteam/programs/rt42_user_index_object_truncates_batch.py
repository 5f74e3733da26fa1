"""Progressive batch growth: a `BatchSize` object implements `__index__` (and `__int__`)
from a stage counter; the step slices the row list `ROWS[:bs]` (gathered from x and y) and the
per-row weight list `WEIGHTS[:bs]`, so `__index__` is called implicitly by list slicing.
The caller advances the stage through a method at step 12 and again at step 20, which
changes only an attribute of the object (the same object is passed each call).  janus
must run the user `__index__` at each call or guard what it reads."""
import random

import numpy

random.seed(13)
numpy.random.seed(13)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4207)
rng = np.random.default_rng(4207)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 3:4] - XS[:, 2:3]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.Adam(0.01)
SIZES = (4, 6, 8)
ROWS = list(range(8))
WEIGHTS = [1.0 + 0.1 * r for r in range(8)]


class BatchSize:
    def __init__(self):
        self.stage = 0

    def advance(self):
        self.stage += 1

    def __index__(self):
        return SIZES[self.stage]

    def __int__(self):
        return SIZES[self.stage]


def train_step(x, y, bs):
    idx = ROWS[:bs]
    xb = tf.gather(x, idx)
    yb = tf.gather(y, idx)
    wts = WEIGHTS[:bs]
    wt = tf.constant(wts, shape=(len(wts), 1))
    with tf.GradientTape() as tape:
        err = tf.square(tf.nn.relu(xb @ W1) @ W2 - yb)
        loss = tf.reduce_sum(err * wt) / sum(wts)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, int(bs)


bs = BatchSize()
for step in range(30):
    if step in (12, 20):
        bs.advance()
    i = (step * 8) % 120
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), bs)
    print(step, repr(float(loss)), n)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "stage": bs.stage,
}))
