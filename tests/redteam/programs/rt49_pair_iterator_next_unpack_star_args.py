"""A (scale, shift) augmentation pair implemented as its own iterator: `__iter__` logs and
resets a cursor, returning self; `__next__` logs every call including the one that
raises StopIteration.  The step unpacks it (`scale, shift = pair`: two items plus one
more `__next__` to check there are no extras), passes it with star-args to a helper
(`augment(x, *pair)`: the pair is iterated into a tuple), zips it with a list (zip stops
asking when the shorter list ends, so the last `__next__` is not called), and takes
`max(pair)`.  The loop changes the pair's values, makes it yield three items for a few
steps (the unpacking then raises ValueError, caught in the step) and one item for a few
steps (unpacking and the helper call both fail, caught), and replaces
`__next__` on the class.  Probes: the number and order of `__iter__`/`__next__` calls
made by unpacking, star-args, zip and max in a converted step."""
import random

import numpy

random.seed(4926)
numpy.random.seed(4926)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4926)
rng = np.random.default_rng(4926)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.8 + XS[:, 3:] * 0.2).astype(np.float32)

LOG = []


class AugPair:
    def __init__(self, items):
        self.items = items
        self.pos = 0

    def __iter__(self):
        LOG.append("iter")
        self.pos = 0
        return self

    def __next__(self):
        LOG.append(("next", self.pos))
        if self.pos >= len(self.items):
            raise StopIteration
        v = self.items[self.pos]
        self.pos += 1
        return v


def augment(x, scale, shift, *rest):
    return x * scale + shift + 0.0 * len(rest)


PAIR = AugPair([1.0, 0.0])
W = tf.Variable(tf.zeros((4, 1)))


def train_step(x, y, pair):
    try:
        scale, shift = pair
    except ValueError as e:
        LOG.append(("unpack", str(e)))
        scale, shift = 1.0, 0.0
    try:
        xa = augment(x, *pair)
    except TypeError as e:
        LOG.append(("augment", str(e)))
        xa = x * scale + shift
    weights = []
    for v, w in zip([0.5, 0.25], pair):
        weights.append(v * w)
    top = max(pair)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xa @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub((0.05 + 0.01 * top) * g)
    return loss, scale, shift, weights


for step in range(30):
    if step == 7:
        PAIR.items = [0.9, 0.1]
    if step == 11:
        PAIR.items = [1.0, 0.05, 0.5]
    if step == 14:
        PAIR.items = [1.1, -0.05]
    if step == 18:
        def next_twice(self):
            LOG.append(("next2", self.pos))
            if self.pos >= len(self.items):
                raise StopIteration
            self.pos += 1
            return self.items[self.pos - 1] * 1.0
        AugPair.__next__ = next_twice
    if step == 24:
        PAIR.items = [1.0]
    if step == 27:
        PAIR.items = [1.0, 0.0]
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, sc, sh, wts = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), PAIR)
    print(step, repr(float(loss)), sc, sh, wts, LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "log_len": len(LOG)}))
