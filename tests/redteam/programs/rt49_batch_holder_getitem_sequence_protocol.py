"""A data holder exposing only `__getitem__` (no `__iter__`, no `__len__`), which logs
every index it is asked for and raises IndexError past its last chunk, so `for chunk in
holder` runs CPython's old sequence protocol (indices 0, 1, ... until IndexError) and
`x, y = holder.pair(i)` style code reads items one at a time.  The step loops over the
holder's chunks (Python floats: per-feature scales), indexes it directly with `holder[-1]`
(which the holder maps itself), and catches an IndexError it raises for a bad index on
some steps.  The loop changes the number of chunks between steps and replaces
`__getitem__` on the class mid-run.
Probes: the program's `__getitem__` driven by for-loops, unpacking and indexing in a
converted step: how many times and with which indices it is called."""
import random

import numpy

random.seed(4910)
numpy.random.seed(4910)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4910)
rng = np.random.default_rng(4910)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.7 + XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)

LOG = []


class ScaleHolder:
    def __init__(self, chunks):
        self.chunks = chunks

    def __getitem__(self, i):
        LOG.append(("get", i))
        if i < 0:
            i += len(self.chunks)
        if i < 0 or i >= len(self.chunks):
            raise IndexError(i)
        return self.chunks[i]


HOLDER = ScaleHolder([[1.0, 1.0, 1.0], [0.5, 1.0, 2.0]])
BAD_INDEX = [None]
W = tf.Variable(tf.random.normal((3, 1), seed=10) * 0.2)
V = tf.Variable(tf.random.normal((3, 1), seed=11) * 0.2)


def train_step(x, y, holder):
    scale = [1.0, 1.0, 1.0]
    for chunk in holder:
        a, b, c = chunk
        scale = [scale[0] * a, scale[1] * b, scale[2] * c]
    last = holder[-1]
    try:
        extra = holder[BAD_INDEX[0]] if BAD_INDEX[0] is not None else [0.0, 0.0, 0.0]
    except IndexError as e:
        LOG.append(("caught", str(e)))
        extra = [0.0, 0.0, 0.0]
    with tf.GradientTape() as tape:
        xs = x * tf.constant(scale)
        pred = xs @ W + tf.tanh(xs) @ V
        loss = tf.reduce_mean(tf.square(pred - y)) + 0.01 * sum(extra)
    gw, gv = tape.gradient(loss, [W, V])
    W.assign_sub(0.02 * last[0] * gw)
    V.assign_sub(0.02 * gv)
    return loss


for step in range(30):
    if step == 7:
        HOLDER.chunks.append([1.0, 0.5, 1.0])
    if step == 10:
        BAD_INDEX[0] = 5
    if step == 13:
        BAD_INDEX[0] = 0
    if step == 16:
        def get_scaled(self, i):
            LOG.append(("get2", i))
            if i >= len(self.chunks) or i < -len(self.chunks):
                raise IndexError("chunk %d" % i)
            return [v * 0.5 for v in self.chunks[i]]
        ScaleHolder.__getitem__ = get_scaled
    if step == 21:
        BAD_INDEX[0] = 9
    if step == 25:
        HOLDER.chunks = [[1.0, 2.0, 1.0]]
        BAD_INDEX[0] = None
    n0 = len(LOG)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), HOLDER)
    print(step, repr(float(loss)), LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()],
                  "v": [repr(float(v)) for v in V.numpy().ravel()], "log_len": len(LOG)}))
