"""A metrics tracker object keeps `self.per_batch = [0.0] * n` for the current epoch; the
step writes `self.per_batch[self.pos] = float(loss)` and `self.pos += 1`, and reads
`self.per_batch[self.pos - 2]` (the previous batch's loss, -1 at the first batch, the
last slot).  At each epoch start the caller replaces the list with a new, longer one
(epochs grow by a batch) and resets pos.  The previous batch's loss feeds a smoothing
term in the loss.  Probes: item writes and reads at attribute-held indices of an
attribute list the caller replaces with lists of other lengths."""
import random

import numpy

random.seed(4350)
numpy.random.seed(4350)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4350)
rng = np.random.default_rng(4350)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS[:, 1:2] - XS[:, 3:4]).astype(np.float32)
W = tf.Variable(np.zeros((5, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Tracker:
    def __init__(self):
        self.per_batch = [1.0, 1.0, 1.0]
        self.pos = 0


TR = Tracker()


def train_step(x, y):
    prev = TR.per_batch[TR.pos - 1]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + 0.01 * prev
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    TR.per_batch[TR.pos] = float(loss)
    TR.pos += 1
    return loss, prev


epoch_len = 3
for step in range(30):
    if TR.pos >= len(TR.per_batch):
        epoch_len += 1
        TR.per_batch = [0.0] * epoch_len
        TR.pos = 0
    i = (step * 16) % 112
    loss, prev = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(prev), TR.pos, len(TR.per_batch))

print(json.dumps({"per_batch": [repr(v) for v in TR.per_batch], "W": [repr(float(v)) for v in W.numpy().ravel()]}))
